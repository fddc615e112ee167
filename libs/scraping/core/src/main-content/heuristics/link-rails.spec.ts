import { editedHtml } from '../../dom/dom-document';
import type { TextMasses } from '../../dom/text-measure';
import { measureText } from '../content-region';
import { removeLinkRails } from './link-rails';

const PAGE = 'https://news.example/2026/03/harbour-bridge';

const paragraph = (topic: string): string =>
  `<p>The harbour ${topic} will close for six weeks from Monday while engineers replace the bearings under its ` +
  `central span, the port authority said, adding that ferries will run every twenty minutes in the meantime.</p>`;

const story = `<h1>Harbour bridge to close</h1>${paragraph('bridge')}${paragraph('crossing')}${paragraph('road')}`;

const headlineItem = (slug: string, headline: string, host = 'news.example'): string =>
  `<li><a href="https://${host}/2026/03/${slug}">${headline}</a> <time>2 hours ago</time></li>`;

const mostRead =
  '<section><h2>Most read</h2><ul>' +
  headlineItem('ferry-fares', 'Ferry fares frozen for another year') +
  headlineItem('marina-fire', 'Fire crews called to boat blaze at the marina') +
  headlineItem('lifeboat', 'Lifeboat crew rescue two from a sandbank') +
  '</ul></section>';

function afterRemoval(body: string, pageUrl = PAGE): string {
  return editedHtml(body, (content) => {
    const masses: TextMasses = new Map();
    measureText(content, masses);
    removeLinkRails(content, pageUrl, masses);
  });
}

describe('link rails', () => {
  it('removes a list of headlines to the same site after the story, with its title', () => {
    const html = afterRemoval(`<div>${story}</div>${mostRead}`);
    expect(html).toContain('The harbour bridge');
    expect(html).not.toContain('Most read');
    expect(html).not.toContain('Ferry fares');
  });

  it('removes teaser cards, headline over a short standfirst, laid out in rows', () => {
    const card = (slug: string, headline: string): string =>
      `<div class="card"><h3><a href="/2026/03/${slug}">${headline}</a></h3><p>A short standfirst of the story.</p></div>`;
    const cards =
      `<div class="more"><div class="row">${card('a', 'Council tax refunds delayed')}${card('b', 'Record results at the academy')}</div>` +
      `<div class="row">${card('c', 'Fish market moves to the quay')}${card('d', 'Lighthouse opens for tours')}</div></div>`;
    const html = afterRemoval(`<div>${story}</div>${cards}`.replace(/href="\//g, 'href="https://news.example/'));
    expect(html).toContain('The harbour road');
    expect(html).not.toContain('Council tax refunds');
    expect(html).not.toContain('Lighthouse opens');
  });

  it('keeps a list the writer put among the paragraphs of the story', () => {
    const list = mostRead.replace('<section><h2>Most read</h2>', '').replace('</section>', '');
    const html = afterRemoval(`<div>${paragraph('bridge')}${list}${paragraph('crossing')}${paragraph('road')}</div>`);
    expect(html).toContain('Ferry fares');
  });

  it('keeps links to other sites, and to the page itself (a table of contents)', () => {
    const external =
      '<ul>' +
      headlineItem('a', 'The engineers report on the bearings', 'engineering.example') +
      headlineItem('b', 'The port authority timetable for ferries', 'port.example') +
      headlineItem('c', 'The county council notice of closure', 'county.example') +
      '</ul>';
    const contents =
      `<ul><li><a href="${PAGE}#when">When the bridge closes</a></li><li><a href="${PAGE}#ferries">Ferries in the meantime</a></li>` +
      `<li><a href="${PAGE}#after">What happens after the works</a></li></ul>`;
    const html = afterRemoval(`<div>${story}</div>${external}${contents}`);
    expect(html).toContain('The engineers report');
    expect(html).toContain('Ferries in the meantime');
  });

  it('takes rows of cards for one rail, but not columns of lists of links (an index, a glossary)', () => {
    const column = (first: string, second: string): string =>
      `<ul>${headlineItem(first, `${first} language reference`)}${headlineItem(second, `${second} language reference`)}</ul>`;
    const html = afterRemoval(
      `<div>${story}</div><div class="columns">${column('ada', 'algol')}${column('basic', 'cobol')}</div>`,
    );
    expect(html).toContain('algol language reference');
    expect(html).toContain('cobol language reference');
  });

  it('leaves a list of stories that is most of the content alone', () => {
    const html = afterRemoval(`<p>Short intro.</p>${mostRead}`);
    expect(html).toContain('Ferry fares');
  });
});
