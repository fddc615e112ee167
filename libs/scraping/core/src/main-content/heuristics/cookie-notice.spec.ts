import { editedHtml } from '../../dom/dom-document';
import { removeCookieNotices } from './cookie-notice';

const story = '<p>Our test kitchen baked four batches of oatmeal cookies to find the chewiest recipe.</p>';

describe('cookie notices', () => {
  it.each([
    "This website uses cookies to improve your experience. We'll assume you're ok with this.",
    'We use cookies on our website to give you the most relevant experience. <button>Accept</button>',
    'The store will not work correctly when cookies are disabled.',
    'With our cookies we would like to offer you the best shopping experience possible.',
  ])('removes the banner left in the content: "%s"', (notice) => {
    expect(editedHtml(`${story}<div><span>${notice}</span></div>`, removeCookieNotices)).toBe(story);
  });

  it('keeps text that mentions cookies without opening on the site using them', () => {
    const body =
      `${story}<p>Plausible is lightweight analytics. No cookies, just insights.</p>` +
      '<p>We baked cookies for the fair. The site uses cookies cutters shaped like stars.</p>';
    expect(editedHtml(body, removeCookieNotices)).toBe(body);
  });

  it('keeps a long block that opens on cookies: a policy, not a banner', () => {
    const policy = `<p>We use cookies to run this site. ${'Each cookie is listed below with its purpose and its lifetime. '.repeat(14)}</p>`;
    expect(editedHtml(`${story}${policy}`, removeCookieNotices)).toBe(`${story}${policy}`);
  });
});
