import { editedHtml } from '../../dom/dom-document';
import { removeConsentNotices } from './consent-notice';

const story = '<p>The ferry to the island now runs every hour from May to September, the harbour office said.</p>';

describe('consent notices', () => {
  it.each([
    'By posting a comment, you consent to have your personal information collected and used in accordance with our <a href="/privacy">privacy policy</a>.',
    'By clicking "Start Now!" you accept our <a href="/terms">Terms and Conditions</a>',
    'By clicking to watch this video, you agree to our <a href="/privacy">privacy policy</a>.',
    'By signing up, you agree to receive recurring automated text messages at the number provided. Msg and data rates may apply.',
  ])('removes the fine print "%s"', (notice) => {
    expect(editedHtml(`${story}<form><p>${notice}</p></form>`, removeConsentNotices)).toBe(`${story}<form></form>`);
  });

  it("keeps a story's sentence about consent, a line that opens otherwise and a long policy", () => {
    const body =
      `${story}<p>By signing up for the pass, riders agree to travel before nine, the operator said.</p>` +
      '<p>Readers told us that by clicking the button you agree to more than you think.</p>' +
      `<p>By continuing to travel you agree to these terms. ${'Tickets are not refundable once the boat has left. '.repeat(10)}</p>`;
    expect(editedHtml(body, removeConsentNotices)).toBe(body);
  });
});
