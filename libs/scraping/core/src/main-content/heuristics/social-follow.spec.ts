import { editedHtml } from '../../dom/dom-document';
import { removeSocialFollowPitches } from './social-follow';

const story =
  '<p>The council voted seven to two to close the landfill by 2030 and to build a sorting plant in its place.</p>';

describe('social follow pitches', () => {
  it.each([
    '<strong>Follow me on instagram</strong>: @harbourhomes',
    'Want more weekend projects? <a href="https://pinterest.com/me">Follow me on Pinterest</a> to see what I am pinning.',
    'Be sure to follow us on social media to stay up to date on every new recipe.',
    '*** Follow me on <a href="/ig">Instagram</a>, <a href="/yt">YouTube</a> or <a href="/fb">Facebook</a> ***',
  ])('removes the pitch "%s"', (pitch) => {
    expect(editedHtml(`${story}<div><p>${pitch}</p></div>`, removeSocialFollowPitches)).toBe(`${story}<div></div>`);
  });

  it("keeps the story's own sentences about following people and accounts", () => {
    const body =
      `${story}<p>Investigators follow the money: the firm paid its director through an account in Cyprus.</p>` +
      '<p>Fans who follow the band on Instagram saw the tour dates a week before the tickets went on sale.</p>' +
      `<p>${'The mayor told residents to follow us on Facebook for road closures, the clerk said. '.repeat(5)}</p>`;
    expect(editedHtml(body, removeSocialFollowPitches)).toBe(body);
  });
});
