import { editedHtml } from '../../dom/dom-document';
import { removeWriterBios } from './writer-bio';

const story = (topic: string): string =>
  `<p>The council voted on ${topic} late on Tuesday, after a debate that ran for more than four hours.</p>` +
  `<p>Residents who spoke against ${topic} said the plan had been rushed through without a proper consultation.</p>`;

describe('writer bios', () => {
  it('removes the note introducing the writer after the story, with its box and title', () => {
    const html = editedHtml(
      `${story('the budget')}<h3>About the author</h3><div class="box"><img src="a.jpg"><p>Jane Doe is a freelance ` +
        'writer covering local politics for the Gazette.</p><a href="/jane">All posts</a></div>',
      removeWriterBios,
    );
    expect(html).toBe(story('the budget'));
  });

  it('keeps such a sentence when it opens the story', () => {
    const body = `<p>Jane Doe is a freelance writer who lost her job last spring.</p>${story('the budget')}`;
    expect(editedHtml(body, removeWriterBios)).toBe(body);
  });

  it('keeps sentences that name no writer', () => {
    const body = `${story('farming')}<p>Agriculture is a major contributor to emissions, and Tools is a code editor.</p>`;
    expect(editedHtml(body, removeWriterBios)).toBe(body);
  });
});
