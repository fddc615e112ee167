import { editedHtml } from '../../dom/dom-document';
import { removeNewsletterPitches } from './newsletter-pitch';

const story =
  '<p>The council voted seven to two to close the landfill by 2030 and to build a sorting plant in its place.</p>';

describe('newsletter pitches', () => {
  it.each([
    'The best of the Courier, delivered to your inbox every morning',
    'Want more from Select? Sign up for our newsletter, The Selection, and shop smarter.',
    'Like this article? Subscribe to our blog and have great financial insights delivered to your inbox weekly.',
    'Receive agency growth tips, sent straight to your inbox',
  ])('removes the pitch "%s"', (pitch) => {
    expect(editedHtml(`${story}<div><p>${pitch}</p></div>`, removeNewsletterPitches)).toBe(`${story}<div></div>`);
  });

  it("keeps the story's own sentences about inboxes and newsletters", () => {
    const body =
      `${story}<p>I stopped checking my inbox in March, and the newsletter I write now reaches readers through an AI ` +
      'that sorts their mail.</p>' +
      `<p>${'The plant sends each household a monthly report delivered to your inbox, the clerk said. '.repeat(5)}</p>`;
    expect(editedHtml(body, removeNewsletterPitches)).toBe(body);
  });
});
