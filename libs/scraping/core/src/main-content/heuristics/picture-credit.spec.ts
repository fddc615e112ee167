import { editedHtml } from '../../dom/dom-document';
import { removePictureCredits } from './picture-credit';

const STORY =
  '<p>The council voted on the budget late on Tuesday, after a debate that ran for more than four hours.</p>' +
  '<p>Residents who spoke against it said the plan had been rushed through without a consultation.</p>';

describe('picture credits', () => {
  it.each([
    ['a labelled credit', '<p><small>Image credit: <a href="/g">Getty Images</a></small></p>'],
    ['a credit in brackets', '<p><span>(Photo: Jeep)</span></p>'],
    ["a photographer's credit", '<p>Image by Jane Roe via Unsplash</p>'],
    ["an illustration's credit", '<p>Photo Illustration: Consumer Reports, Getty Images, Manufacturers</p>'],
    ['a bare credit in a caption', '<figcaption><span>Credit: Thomas Hengge</span></figcaption>'],
    ['a photographer and an agency', '<p>Firn | Getty Images</p>'],
    ['an agency and a photographer', '<span>Getty Images / Justin Reznick Photography</span>'],
    ['a photographer via an agency', '<p>DGLimages via Getty Images</p>'],
  ])('removes %s', (_name, line) => {
    expect(editedHtml(`${line}${STORY}`, removePictureCredits)).toBe(STORY);
    expect(editedHtml(`${STORY}${line}`, removePictureCredits)).toBe(STORY);
  });

  it.each([
    ['a setting in code', '<pre><code>image: nginx:1.14.2</code></pre>'],
    [
      'a caption that tells what a picture shows',
      '<figcaption>Photo of the flooded high street on Monday.</figcaption>',
    ],
    ['a heading that compares libraries', '<h2>Unsplash / Pexels</h2>'],
    ['a table cell that names two libraries', '<table><tbody><tr><td>Getty Images / iStock</td></tr></tbody></table>'],
    ['a sentence that names an agency', '<p>We bought the licence from Getty Images for the cover.</p>'],
    ['a rating labelled as credit, outside a caption', '<ul><li>Credit: Excellent</li></ul>'],
    ['a credit line of a film', '<p>Credits roll after a twist that the first half set up.</p>'],
  ])('keeps %s', (_name, line) => {
    const body = `${line}${STORY}`;
    expect(editedHtml(body, removePictureCredits)).toBe(body);
  });

  it("removes a bare credit inside a picture's figure, and keeps the picture", () => {
    const figure = '<figure><img src="/mouse.jpg"><span class="credits">(Credit: Joseph Maldonado)</span></figure>';
    expect(editedHtml(`${figure}${STORY}`, removePictureCredits)).toBe(
      `<figure><img src="/mouse.jpg"></figure>${STORY}`,
    );
  });

  it('removes the credit of every picture, however many there are, and keeps the pictures', () => {
    const credits = ['Getty Images', 'Shutterstock', 'Reuters', 'AP'].map(
      (agency) => `<figure><img src="/p.jpg"><figcaption>Photo credit: ${agency}</figcaption></figure>`,
    );
    expect(editedHtml(`${credits.join('')}${STORY}`, removePictureCredits)).toBe(
      `${'<figure><img src="/p.jpg"></figure>'.repeat(4)}${STORY}`,
    );
  });
});
