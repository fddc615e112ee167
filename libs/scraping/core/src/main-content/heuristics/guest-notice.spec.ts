import { editedHtml } from '../../dom/dom-document';
import { removeGuestNotices } from './guest-notice';

const post =
  '<p>Swapping the thermostat fixed it: the fan now stops once the engine has cooled below ninety degrees.</p>';

describe('guest notices', () => {
  it.each([
    '<h2>Create an account or sign in to comment</h2>',
    '<p>Please create an account or log in to access all these features</p>',
    "<p>You're browsing the boards as a guest. Sign Up for free (or Log In if you already have an account) to post.</p>",
    '<div><a href="/login">Log in</a> or <a href="/register">register</a> to reply.</div>',
  ])('removes the notice %s', (notice) => {
    expect(editedHtml(`${post}<section>${notice}</section>`, removeGuestNotices)).toBe(`${post}<section></section>`);
  });

  it("keeps a guide's steps that name one door, and a long post that speaks of both", () => {
    const body =
      `${post}<p>Log in to your console and open the billing page.</p>` +
      `<p>${'Our members can register a car or sign in with a club card to see the service history of their model. '.repeat(4)}</p>`;
    expect(editedHtml(body, removeGuestNotices)).toBe(body);
  });
});
