import { editedHtml } from '../../dom/dom-document';
import { removeCreditLines } from './credit-lines';

const story =
  '<p>The council voted seven to two to close the landfill by 2030 and to build a sorting plant in its place.</p>';

describe('credit lines', () => {
  it.each([
    'Written by Jane Doe',
    'Reviewed by: <a href="/team/brian">Brian Stormont, CFP®</a>',
    'Medically reviewed by Dr. Amal Reyes, MD',
    'Edited by G Eysenbach; submitted 04.04.19; peer-reviewed by P Giacobbi, Z Reis; accepted 21.07.19',
    'Fact-checked by Sam Lee',
  ])('removes the line "%s"', (line) => {
    expect(editedHtml(`<ul><li>${line}</li></ul>${story}`, removeCreditLines)).toBe(`<ul></ul>${story}`);
  });

  it("keeps the story's own sentences about what someone wrote, edited or reviewed", () => {
    const body =
      `${story}<p>Written by the author of the council's first report, the plan was reviewed by three engineers.</p>` +
      '<p>Edited by our volunteers, the newsletter reaches every household in the valley.</p>' +
      `<p>Reviewed by Judge Amy Holt last spring, the contract ${'runs until the plant opens and the landfill closes; '.repeat(4)}</p>`;
    expect(editedHtml(body, removeCreditLines)).toBe(body);
  });
});
