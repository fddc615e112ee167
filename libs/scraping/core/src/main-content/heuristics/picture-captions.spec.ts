import { editedHtml } from '../../dom/dom-document';
import { removePictureCaptions } from './picture-captions';

const STORY =
  '<p>The council voted on the budget late on Tuesday, after a debate that ran for more than four hours.</p>' +
  '<p>Residents who spoke against it said the plan had been rushed through without a consultation.</p>';

describe('picture captions', () => {
  it("removes a figure's caption and keeps its picture", () => {
    const figure =
      '<figure><img src="/hall.jpg" alt="The town hall"><figcaption>The town hall on Tuesday night.</figcaption></figure>';
    expect(editedHtml(`${STORY}${figure}${STORY}`, removePictureCaptions)).toBe(
      `${STORY}<figure><img src="/hall.jpg" alt="The town hall"></figure>${STORY}`,
    );
  });

  it("removes a caption drawn by its class beside the picture (WordPress's wp-caption-text)", () => {
    const figure =
      '<div class="wp-caption"><img src="/vote.jpg"><p class="wp-caption-text">Councillors voting.</p></div>';
    expect(editedHtml(`${figure}${STORY}`, removePictureCaptions)).toBe(
      `<div class="wp-caption"><img src="/vote.jpg"></div>${STORY}`,
    );
  });

  it("removes a video's caption", () => {
    const figure = '<figure><video src="/debate.mp4"></video><figcaption>The debate, in full.</figcaption></figure>';
    expect(editedHtml(`${STORY}${figure}`, removePictureCaptions)).toBe(
      `${STORY}<figure><video src="/debate.mp4"></video></figure>`,
    );
  });

  it.each([
    [
      "a quotation's source in a figure without a picture",
      '<figure><blockquote><p>We were not asked.</p></blockquote><figcaption>A resident</figcaption></figure>',
    ],
    [
      'a table caption',
      '<table><caption>Spending by department</caption><tbody><tr><td>Roads</td></tr></tbody></table>',
    ],
    [
      'a block classed as a caption with no picture beside it',
      '<p class="caption-text">Votes cast: 31 for, 12 against.</p>',
    ],
  ])('keeps %s', (_name, block) => {
    const body = `${STORY}${block}`;
    expect(editedHtml(body, removePictureCaptions)).toBe(body);
  });
});
