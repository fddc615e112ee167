import { editedHtml } from '../../dom/dom-document';
import { removeCallsToAction } from './calls-to-action';

const paragraph =
  '<p>Our survey of 400 small firms found that most of them reply to a quote request within two working days, ' +
  'and that those who call back on the same day win the job twice as often.</p>';

function afterRemoval(body: string): string {
  return editedHtml(body, removeCallsToAction);
}

describe('calls to action', () => {
  it('removes a link that asks the reader to act, standing alone on its line', () => {
    const html = afterRemoval(
      `${paragraph}<p><a href="/demo">Book a demo</a></p><h4>Get in touch</h4><div><a href="/join">Sign up for free</a></div>`,
    );
    expect(html).toContain('Our survey');
    expect(html).not.toMatch(/Book a demo|Get in touch|Sign up/);
  });

  it('keeps the same words inside a sentence', () => {
    const html = afterRemoval('<p>To get started, <a href="/quote">request a quote</a> and we will call you back.</p>');
    expect(html).toContain('request a quote');
  });

  it("removes what is left of a cookie banner and a line pitching the site's newsletter", () => {
    const html = afterRemoval(
      `${paragraph}<p>This website uses cookies to improve your experience. You can opt out if you wish.</p>` +
        '<p><em>Want more? <a href="/newsletter">Sign up</a> for our weekly newsletter, The Briefing.</em></p>',
    );
    expect(html).toContain('Our survey');
    expect(html).not.toContain('cookies');
    expect(html).not.toContain('newsletter');
  });

  it('keeps a paragraph about cookies that says more than a banner', () => {
    const long = `<p>We use cookies ${'and explain at length what each of them does and why it is needed. '.repeat(12)}</p>`;
    expect(afterRemoval(long)).toContain('We use cookies');
  });
});
