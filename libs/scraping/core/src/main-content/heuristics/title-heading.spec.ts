import { editedHtml } from '../../dom/dom-document';
import { removeTitleHeading } from './title-heading';

const TITLES = [
  'Ancient shipwreck found off Cornish coast | The Coastal Times',
  'Ancient shipwreck found off Cornish coast',
];
const STORY =
  '<p>Divers surveying the seabed near Falmouth found the remains of a wooden ship that archaeologists date to the ' +
  'fourteenth century.</p><p>The hull lies in twelve metres of water and is mostly buried in sand.</p>';

function withoutTitle(html: string, titles: readonly string[] = TITLES): string {
  return editedHtml(html, (body) => removeTitleHeading(body, titles));
}

describe('the heading that repeats the title', () => {
  it.each([
    ['the title itself', '<h1>Ancient shipwreck found off Cornish coast</h1>'],
    ['the title in other case and punctuation', '<h1>ANCIENT SHIPWRECK FOUND OFF CORNISH COAST!</h1>'],
    ['a shortened title', '<h1>Ancient shipwreck found</h1>'],
    [
      'a title as a link',
      '<h1><a href="https://example.com/shipwreck">Ancient shipwreck found off Cornish coast</a></h1>',
    ],
  ])('removes %s', (_name, heading) => {
    expect(withoutTitle(`${heading}${STORY}`)).toBe(STORY);
  });

  it('removes it under a section name and a date, and only it', () => {
    const kicker = '<p>Heritage</p><p>June 4, 2025</p>';
    expect(withoutTitle(`<header>${kicker}<h1>Ancient shipwreck found off Cornish coast</h1></header>${STORY}`)).toBe(
      `<header>${kicker}</header>${STORY}`,
    );
  });

  it('matches the Open Graph title when the document title is the site name', () => {
    const heading = '<h1>Ancient shipwreck found off Cornish coast</h1>';
    expect(withoutTitle(`${heading}${STORY}`, ['The Coastal Times', 'Ancient shipwreck found off Cornish coast'])).toBe(
      STORY,
    );
  });

  it.each([
    ['a heading with other words', '<h1>What the divers saw on the seabed</h1>'],
    ['a heading that adds to the title', '<h1>Ancient shipwreck: what the divers saw on the seabed near Falmouth</h1>'],
    ['a lower heading', '<h2>Ancient shipwreck found off Cornish coast</h2>'],
  ])('keeps %s', (_name, heading) => {
    const html = `${heading}${STORY}`;
    expect(withoutTitle(html)).toBe(html);
  });

  it('keeps a heading that repeats the title below the opening of the content', () => {
    const html = `${STORY}${STORY}<h1>Ancient shipwreck found off Cornish coast</h1><p>Photographs of the hull.</p>`;
    expect(withoutTitle(html)).toBe(html);
  });

  it('keeps every heading of a page without a title', () => {
    const html = `<h1>Ancient shipwreck found off Cornish coast</h1>${STORY}`;
    expect(withoutTitle(html, [])).toBe(html);
  });
});
