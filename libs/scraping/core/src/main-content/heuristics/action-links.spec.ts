import { editedHtml } from '../../dom/dom-document';
import { removeActionLinks } from './action-links';

const text = '<p>Every client has one bookkeeper who knows the business and closes the month within five days.</p>';

describe('links drawn as buttons', () => {
  it.each([
    '<p><a href="/demo">Book a demo</a></p>',
    '<div class="actions"><a href="/quote">Get a quote</a></div>',
    '<p><strong><a href="/contact">Contact us</a></strong></p>',
    '<a href="/year-end">Learn more</a>',
    '<div><div><a href="/shop">Shop all</a></div></div>',
  ])('removes the line %s', (line) => {
    expect(editedHtml(`${text}${line}${text}`, removeActionLinks)).not.toContain('<a');
  });

  it('keeps such links inside a sentence', () => {
    const body = `<p>If you would rather <a href="/guide">learn more about doing it yourself</a>, read our guide.</p>`;
    expect(editedHtml(body, removeActionLinks)).toBe(body);
  });

  it('keeps a link with text beside it on its line', () => {
    const body = `<p>Questions? <a href="/contact">Contact us</a></p>`;
    expect(editedHtml(body, removeActionLinks)).toBe(body);
  });

  it('keeps headings, the items of lists and tables, and links that name what they lead to', () => {
    const body =
      '<ul><li><a href="/a">Find receipts faster</a></li><li><div><a href="/b">See how VAT schemes differ</a></div></li></ul>' +
      '<ol><li><p><a href="/docker">Get Docker Desktop</a></p><p>This page shows how to install it on Windows.</p></li></ol>' +
      '<table><tbody><tr><td><a href="/c">Download</a></td></tr></tbody></table>' +
      '<p><a href="/d">Get the most out of your first year in business</a></p>' +
      '<p><a href="/e">Pricing</a></p>' +
      '<h3><a href="/f">Get started with Docker</a></h3>' +
      '<p><a href="/g">Learn HTML</a></p><p><a href="/h">See full compatibility</a></p>';
    expect(editedHtml(body, removeActionLinks)).toBe(body);
  });
});
