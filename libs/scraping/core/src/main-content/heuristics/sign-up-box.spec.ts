import { convertHtml } from '../../convert/convert-html';
import { parseDocument, releaseDocument } from '../../dom/dom-document';
import { formFieldMark } from '../../strip/form-fields';
import { stripNonContent } from '../../strip/strip-non-content';
import { removeSignUpBoxes } from './sign-up-box';

const paragraph = (topic: string): string =>
  `<p>Trail running in ${topic} asks for shoes with grip, a light pack and a plan for water, because the climbs are ` +
  `long and the shade is rare once the path leaves the valley floor behind.</p>`;

function markdownOf(html: string): string {
  return (
    convertHtml({
      html,
      url: 'https://example.com/trails',
      formats: ['markdown'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      removeBase64Images: true,
    }).outputs.markdown ?? ''
  );
}

describe('sign-up boxes', () => {
  it('tells fields by what they ask for, and leaves hidden fields and buttons alone', () => {
    expect(formFieldMark({ type: 'email', name: 'address' })).toEqual({ type: 'email' });
    expect(formFieldMark({ type: 'text', name: 'EMAIL', placeholder: 'Your address' })).toEqual({ type: 'email' });
    expect(formFieldMark({ name: 'first_name' })).toEqual({ type: 'text' });
    expect(formFieldMark({ type: 'hidden', name: 'email_list' })).toBeUndefined();
    expect(formFieldMark({ type: 'submit', value: 'Subscribe' })).toBeUndefined();
  });

  it('keeps only what a field asks for, and only for the main content', () => {
    const form =
      '<form><input type="email" name="e" placeholder="Email" class="field"><input type="hidden" value="1"></form>';
    const options = { baseUrl: 'https://example.com/', keepAllAttributes: false };
    expect(stripNonContent(form, { ...options, mainContentPrefilter: true })).toBe('<form><input type="email"></form>');
    expect(stripNonContent(form, { ...options, mainContentPrefilter: false })).toContain('class="field"');
  });

  const newsletter =
    '<div class="cta"><h3>Join our trail newsletter</h3><p>New routes every Friday, straight to your inbox.</p>' +
    '<form action="/subscribe"><input type="text"><input type="email"><button>Subscribe</button></form></div>';

  /** What is left of `html` once its sign-up boxes are removed: its text, and how many forms stay. */
  function afterRemoval(html: string): { text: string; forms: number } {
    const document = parseDocument(html);
    try {
      removeSignUpBoxes(document.body);
      return { text: document.body.textContent ?? '', forms: document.getElementsByTagName('form').length };
    } finally {
      releaseDocument(document);
    }
  }

  it('removes a newsletter box, its heading and pitch with its form', () => {
    const { text } = afterRemoval(
      `<main><section>${paragraph('spring')}${newsletter}${paragraph('autumn')}</section></main>`,
    );
    expect(text).toContain('Trail running in spring');
    expect(text).toContain('Trail running in autumn');
    expect(text).not.toContain('Join our trail newsletter');
    expect(text).not.toContain('New routes every Friday');
  });

  it('keeps a contact form that asks for more than a name and an address, and the text around a form', () => {
    const contact =
      '<div class="contact"><h3>Book a guided run</h3><p>Tell us your dates and we will find you a guide.</p>' +
      '<form action="/contact"><input type="text"><input type="text"><input type="email"><button>Send</button></form></div>';
    const { text, forms } = afterRemoval(
      `<main>${contact}<section>${paragraph('spring')}${paragraph('autumn')}<form><input type="email"></form></section></main>`,
    );
    expect(text).toContain('Tell us your dates');
    expect(text).toContain('Trail running in spring');
    expect(forms).toBe(1);
  });

  it('tells a contact form by its fields on a page read without the pre-filter, whose fields keep their own type', () => {
    const contact =
      '<div class="contact"><h3>Book a guided run</h3><p>Tell us your dates and we will find you a guide.</p>' +
      '<form><input name="name"><input type="tel" name="phone"><input type="email" name="email"></form></div>';
    expect(afterRemoval(`<main>${contact}<section>${paragraph('spring')}</section></main>`).text).toContain(
      'Tell us your dates',
    );
  });

  it('takes the sign-up box out of the markdown of a page whose region wins', () => {
    const cards = ['routes', 'maps', 'guides', 'shoes', 'packs', 'water', 'weather', 'clubs']
      .map(
        (name) =>
          `<a href="/${name}"><span>${name}</span><span>Everything a trail runner needs about ${name}.</span></a>`,
      )
      .join('');
    const page =
      `<main><section><h2>Plan your runs</h2>${paragraph('spring')}${paragraph('summer')}</section>` +
      `<section><h2>Explore</h2><div>${cards}</div></section>${newsletter}` +
      `<section><h2>Run with us</h2>${paragraph('autumn')}${paragraph('winter')}</section></main>`;
    const markdown = markdownOf(`<html><body>${page}</body></html>`);
    expect(markdown).toContain('Everything a trail runner needs about maps.');
    expect(markdown).not.toContain('Join our trail newsletter');
  });
});
