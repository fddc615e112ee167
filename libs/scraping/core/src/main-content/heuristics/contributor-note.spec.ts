import { editedHtml } from '../../dom/dom-document';
import { removeContributorNotes } from './contributor-note';

const story = [
  'The council voted seven to two to close the landfill by 2030 and to build a sorting plant in its place.',
  'Residents of the valley had asked for the closure for a decade, citing the smell and the lorries on school roads.',
  'The plant will take the recycling of four towns and employ sixty people once it opens, the council said.',
]
  .map((sentence) => `<p>${sentence}</p>`)
  .join('');

describe('contributor notes', () => {
  it.each([
    '<em>Paul Fenaroli is an associate attorney at Pastore LLC, admitted in Connecticut.</em>',
    '<i>Chris Radich is the public sector CTO at UiPath, where he advises government executives.</i>',
    '<em>Angela Holliday-Bell, MD, is a sleep physician at the valley hospital.</em>',
    '<em>Manoj Jain is an adjunct professor at <a href="https://example.edu">Emory University</a>.</em>',
  ])('removes the italic note "%s" after the story', (note) => {
    expect(editedHtml(`${story}<p>${note}</p>`, removeContributorNotes)).toBe(story);
  });

  it('keeps a note set in roman, one before the story ends, and long italic paragraphs', () => {
    const roman = '<p>Paul Fenaroli is an associate attorney at Pastore LLC, admitted in Connecticut.</p>';
    const first = `<p><em>Maria Ortiz is the council's chief engineer, and she signed the plan.</em></p>${story}`;
    const long = `<p><em>Maria Ortiz is the chief engineer. ${'She drew the plans for the plant and its roads. '.repeat(9)}</em></p>`;
    for (const body of [`${story}${roman}`, first, `${story}${long}`]) {
      expect(editedHtml(body, removeContributorNotes)).toBe(body);
    }
  });
});
