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
    'Subscribe to our best newsletters',
    'If you enjoy this article, consider supporting our journalism by <a href="/subscribe">subscribing</a>.',
    'Become a <a href="/join">paid subscriber to the Ledger</a> to get every issue.',
    'Read more of this content when you subscribe today.',
    'This article is exclusive to Courier+ subscribers.',
  ])('removes the pitch "%s"', (pitch) => {
    expect(editedHtml(`${story}<div><p>${pitch}</p></div>`, removeNewsletterPitches)).toBe(`${story}<div></div>`);
  });

  it("keeps the story's own sentences about inboxes, newsletters and subscribers", () => {
    const body =
      `${story}<p>I stopped checking my inbox in March, and the newsletter I write now reaches readers through an AI ` +
      'that sorts their mail.</p>' +
      '<p>The service lost subscribers this year; those who subscribe to its bundle keep paying, the company said.</p>' +
      `<p>${'The plant sends each household a monthly report delivered to your inbox, the clerk said. '.repeat(5)}</p>`;
    expect(editedHtml(body, removeNewsletterPitches)).toBe(body);
  });
});
