import { editedHtml } from '../../dom/dom-document';
import { removePromotionalSections } from './promotional-sections';

const STORY =
  '<h2>What the council decided</h2>' +
  '<p>The council voted on the budget late on Tuesday, after a debate that ran for more than four hours.</p>' +
  '<p>Residents who spoke against it said the plan had been rushed through without a consultation.</p>';

const removeFromArticle = (content: Element): void => removePromotionalSections(content, true);

describe('closing sections', () => {
  it.each([
    [
      'a list of sources under a heading',
      '<h2>Sources</h2><ol><li>City of Ashford, <a href="https://ashford.example/budget">Budget 2026</a>.</li>' +
        '<li>Kent Audit Office, Annual report, 2025.</li></ol>',
    ],
    [
      'references under a heading that says so with a colon',
      '<h3>References:</h3><p>Smith J. Local budgets in practice. 2021;4:12-19.</p>',
    ],
    [
      'a line of bold text standing for the title, up to the end',
      '<p><strong>Article Sources:</strong></p><p>https://ashford.example/minutes</p>' +
        '<p>https://kent.example/audit-2025</p>',
    ],
    [
      'the note on the reviewer with its photo and link',
      '<div><h2>About the Reviewer</h2><div><img src="/golen.jpg" alt="Toni Golen">' +
        '<p>Toni Golen, MD, is the editor in chief of the health watch.</p><a href="/authors/golen">View all posts</a>' +
        '</div></div>',
    ],
  ])('removes %s', (_name, closing) => {
    expect(editedHtml(`${STORY}${closing}`, removeFromArticle)).toBe(STORY);
  });

  it('ends the section at the next heading of its rank', () => {
    const next = '<h2>What happens next</h2><p>The plan goes to a second vote in March.</p>';
    const body = `${STORY}<h2>Footnotes</h2><ol><li>Figures from the minutes.</li></ol>${next}`;
    expect(editedHtml(body, removeFromArticle)).toBe(`${STORY}${next}`);
  });

  it.each([
    ['a heading that says more than the title', '<h2>Sources of the council’s income</h2><p>Rates and grants.</p>'],
    ['a sentence that mentions its sources', '<p>Sources close to the council said the vote was close.</p>'],
    ['a section of notes', '<h2>Notes</h2><p>Bring your own cup to the public gallery.</p>'],
    ['a manual\'s argument named "source"', '<h3><code>source</code></h3><p>The file to copy to the server.</p>'],
    ['a link saying "about the author"', '<p>Read more <a href="/about">about the author</a> of the plan.</p>'],
  ])('keeps %s', (_name, block) => {
    const body = `${STORY}${block}`;
    expect(editedHtml(body, removeFromArticle)).toBe(body);
  });

  it('are left on a page that is not an article', () => {
    const body = `${STORY}<h2>References</h2><p>Smith J. Local budgets in practice. 2021;4:12-19.</p>`;
    expect(editedHtml(body, (content) => removePromotionalSections(content, false))).toBe(body);
  });
});
