import { convertHtml } from '../../convert/convert-html';
import { editedHtml } from '../../dom/dom-document';
import { removePromotionalSections } from './promotional-sections';

const paragraph = (topic: string): string =>
  `<p>Sourdough ${topic} needs a lively starter, a slow rise in a cool kitchen and a hot oven, because the crust ` +
  `sets in the first minutes and the crumb only opens when the dough still has strength left to spring.</p>`;

function afterRemoval(body: string): string {
  return editedHtml(body, removePromotionalSections);
}

describe('promotional sections', () => {
  it('removes the block a recommendation heading opens, whatever its list holds', () => {
    const html = afterRemoval(
      `<article><h1>Baking</h1>${paragraph('bread')}<section><div><h2>You might also like</h2></div>` +
        '<ul><li><a href="/rye">Rye loaves</a></li><li><a href="/spelt">Spelt loaves</a></li></ul></section></article>',
    );
    expect(html).toContain('Sourdough bread');
    expect(html).not.toContain('You might also like');
    expect(html).not.toContain('Rye loaves');
  });

  it('removes the section a contact heading or line opens, on any page', () => {
    const html = afterRemoval(
      `<h2>Method</h2>${paragraph('method')}<h3>Get in touch</h3><p>Call our bakers on 555 0100.</p>` +
        `<h2>Notes</h2>${paragraph('notes')}<p><strong>CONTACT US</strong></p><p>Fill out the form below.</p>`,
    );
    expect(html).toContain('Sourdough method');
    expect(html).toContain('Sourdough notes');
    expect(html).not.toContain('Get in touch');
    expect(html).not.toContain('555 0100');
    expect(html).not.toContain('CONTACT US');
    expect(html).not.toContain('form below');
  });

  it('keeps a "contact us" link inside a sentence and a heading that says more', () => {
    const body =
      `<p>For a course near you, <a href="/contact">contact us</a> and ask for the baking school.</p>` +
      `<h3>Contact us for wholesale prices</h3>${paragraph('prices')}`;
    expect(afterRemoval(body)).toBe(body);
  });

  it('removes a heading standing alone with the siblings after it, up to the next heading of its rank', () => {
    const html = afterRemoval(
      `<h2>Method</h2>${paragraph('method')}<h3>Related posts</h3><p><a href="/a">Starter care</a></p>` +
        `<div><a href="/b">Flour guide</a></div><h2>Notes</h2>${paragraph('notes')}`,
    );
    expect(html).not.toContain('Related posts');
    expect(html).not.toContain('Starter care');
    expect(html).not.toContain('Flour guide');
    expect(html).toContain('<h2>Notes</h2>');
    expect(html).toContain('Sourdough notes');
  });

  it('stops climbing at a block that holds text before the heading or a heading of its rank', () => {
    const html = afterRemoval(
      `<div>${paragraph('crust')}<h2>Customers who bought this also bought</h2><p>Bread knife</p></div>` +
        `<div><h2>Storage</h2><h2>People also bought</h2><p>Bread bin</p></div>`,
    );
    expect(html).toContain('Sourdough crust');
    expect(html).not.toContain('Bread knife');
    expect(html).toContain('<h2>Storage</h2>');
    expect(html).not.toContain('Bread bin');
  });

  it('takes a line saying nothing but such a phrase for a heading below every rank', () => {
    const html = afterRemoval(
      `<h2>Method</h2>${paragraph('method')}<p><strong>You might like:</strong></p><ul><li><a href="/a">Rye</a></li></ul>` +
        `<div>Spelt guide</div><h4>Notes</h4>${paragraph('notes')}<p>You might like rye as much as we do.</p>`,
    );
    expect(html).toContain('Sourdough method');
    expect(html).not.toContain('You might like:');
    expect(html).not.toContain('Rye');
    expect(html).not.toContain('Spelt guide');
    expect(html).toContain('<h4>Notes</h4>');
    expect(html).toContain('You might like rye as much as we do.');
  });

  it('removes the calls to join, follow or support the site with what they head', () => {
    const html = afterRemoval(
      `${paragraph('crumb')}<section><h2>Join our baking newsletter</h2><p>Recipes every Friday.</p></section>` +
        '<div><p><b>Follow us</b></p><p>Instagram, Pinterest</p></div>',
    );
    expect(html).toContain('Sourdough crumb');
    expect(html).not.toMatch(/newsletter|Friday|Follow|Instagram/);
  });

  it('takes the label of a share bar for the label of its buttons only, not of the post after it', () => {
    const html = afterRemoval(
      '<p class="share-text">Share this post</p><div class="share-buttons"><ul><li></li><li></li></ul></div>' +
        `<span></span>${paragraph('starter')}${paragraph('crumb')}<h2>Method</h2>${paragraph('method')}`,
    );
    expect(html).not.toContain('Share this post');
    expect(html).not.toContain('share-buttons');
    expect(html).toContain('Sourdough starter');
    expect(html).toContain('Sourdough crumb');
  });

  it.each([
    'You might also like',
    'Related posts',
    'Related searches',
    'Customers who viewed this item also viewed',
    "What's trending in baking",
    'You may also be interested in',
    'Share this recipe',
    'Share this:',
    'Sign up for our weekly newsletter',
    'This story is funded by readers like you',
    'Notify me when back in stock',
    'Talk to our marketing experts',
  ])('knows "%s" for a promotional heading', (phrase) => {
    const html = afterRemoval(`${paragraph('crumb')}<section><h3>${phrase}</h3><p>Rye loaves</p></section>`);
    expect(html).not.toContain('Rye loaves');
  });

  it.each([
    'Read next',
    'More to explore',
    'Comments',
    'About the author',
    'Related work on fermentation',
    'Take the next step',
    'Share this knowledge with your team',
  ])('leaves "%s" and its section alone', (phrase) => {
    const body = `${paragraph('crumb')}<section><h3>${phrase}</h3><p>Rye loaves</p></section>`;
    expect(afterRemoval(body)).toBe(body);
  });

  it.each([
    'More from CFR',
    'Most read',
    'Most popular this week',
    'Latest news',
    'Read next',
    'In case you missed it',
  ])('takes "%s" for the heading of a rail of other stories on an article only', (phrase) => {
    const body = `${paragraph('crumb')}<section><h3>${phrase}</h3><p><a href="/rye">Rye loaves</a></p></section>`;
    expect(editedHtml(body, (content) => removePromotionalSections(content, true))).not.toContain('Rye loaves');
    expect(afterRemoval(body)).toBe(body);
  });

  it.each(['Up next', 'Most read books of the decade, and why they still sell'])(
    'leaves "%s" on an article: a teaser of the next part, a heading that says more',
    (phrase) => {
      const body = `${paragraph('crumb')}<section><h3>${phrase}</h3><p>Rye loaves</p></section>`;
      expect(editedHtml(body, (content) => removePromotionalSections(content, true))).toBe(body);
    },
  );

  it('leaves headings that only mention related things alone', () => {
    const body = `<h2>Related work on fermentation</h2>${paragraph('science')}<h2>Read next: proofing</h2>${paragraph('proofing')}`;
    expect(afterRemoval(body)).toBe(body);
  });

  it('goes from the markdown of the main content', () => {
    const markdown = convertHtml({
      html:
        `<html><body><main><h1>Sourdough</h1>${paragraph('a')}${paragraph('b')}${paragraph('c')}` +
        '<h2>You may also enjoy</h2><ul><li><a href="/x">Focaccia at home</a></li></ul></main></body></html>',
      url: 'https://example.com/bread',
      formats: ['markdown'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      removeBase64Images: true,
    }).outputs.markdown;
    expect(markdown).toContain('Sourdough c needs');
    expect(markdown).not.toContain('Focaccia');
  });

  it('removes the lines that say "Related:" and then one link, bold label or heading, and keeps other mentions', () => {
    const html = afterRemoval(
      `${paragraph('bread')}<p><strong>Related:</strong> <a href="/rye">Why rye needs a sour starter</a></p>` +
        `${paragraph('rolls')}<h5>Related: <a href="/ovens">Five ovens for a home baker</a></h5>` +
        '<p><b>Related</b>: a wetter dough bakes <a href="/open-crumb">an open crumb</a>.</p>' +
        '<p>Related reading for this recipe is in <a href="/books">our book list</a>.</p>',
    );
    expect(html).not.toContain('Why rye');
    expect(html).not.toContain('Five ovens');
    expect(html).toContain('Sourdough rolls');
    expect(html).toContain('a wetter dough bakes');
    expect(html).toContain('Related reading for this recipe');
  });
});
