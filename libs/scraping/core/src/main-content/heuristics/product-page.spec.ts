import { editedHtml } from '../../dom/dom-document';
import { declaresProduct, removeOtherProductSections } from './product-page';

/** The text of `body` once the other products' sections are gone from it. */
function afterRemoval(body: string): string {
  return editedHtml(body, removeOtherProductSections)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const DETAILS = '<h2>Details</h2><p>Thrown on the wheel and fired twice.</p><h3>Care</h3><p>Dishwasher safe.</p>';
const card = (name: string): string => `<li><a href="/${name}">${name} mug</a> <span>$24</span></li>`;

describe('declaresProduct', () => {
  it('recognises a product by its JSON-LD or microdata type', () => {
    expect(declaresProduct('<script type="application/ld+json">{"@type": "Product", "name": "Mug"}</script>')).toBe(
      true,
    );
    expect(declaresProduct('<div itemscope itemtype="https://schema.org/Product"></div>')).toBe(true);
    expect(declaresProduct('<script type="application/ld+json">{"@type": "Article"}</script>')).toBe(false);
  });

  it('does not take a category page that marks up each product of its list for a product page', () => {
    const card = '<li itemscope itemtype="https://schema.org/Product"><span itemprop="name">Mug</span></li>';
    expect(
      declaresProduct(`<script type="application/ld+json">{"@type": "ItemList"}</script><ul>${card}${card}</ul>`),
    ).toBe(false);
    expect(declaresProduct(`<ul itemscope itemtype="https://schema.org/ItemList">${card}${card}</ul>`)).toBe(false);
  });
});

describe('removeOtherProductSections', () => {
  it('removes each section headed as other products, up to the next heading of its level or higher', () => {
    const text = afterRemoval(
      `<h1>Speckled mug</h1>${DETAILS}<section><h2>You may also like</h2><ul>${card('Tall')}${card('Squat')}</ul></section>` +
        '<h2>Shipping</h2><p>Ships in two days.</p><div><h3>Customers who viewed this also viewed</h3><p>Bowl</p></div>',
    );
    expect(text).toBe(
      'Speckled mug Details Thrown on the wheel and fired twice. Care Dishwasher safe. Shipping Ships in two days.',
    );
  });

  it('runs a section through the cards of its carousel, whose headings title the cards', () => {
    const cards = ['Tall', 'Squat'].map((name) => `<li><h2>${name} mug</h2><p>$24</p></li>`).join('');
    const text = afterRemoval(
      `<h1>Speckled mug</h1>${DETAILS}<h2>Similar items</h2><ul>${cards}</ul><h2>Shipping</h2><p>Two days.</p>`,
    );
    expect(text).not.toContain('Squat');
    expect(text).toContain('Two days.');
  });

  it("removes a section of customers' reviews, but not a paragraph about reviews or testimonials drawn as quotations", () => {
    const reviews =
      '<div class="review"><b>Sam</b> Lovely glaze.</div><div class="review"><b>Kim</b> Chipped on arrival.</div>';
    expect(afterRemoval(`<h1>Speckled mug</h1>${DETAILS}<h2>Customer reviews</h2>${reviews}`)).not.toContain(
      'Lovely glaze',
    );
    const prose =
      '<h2>Reviews</h2><p>Our mugs hold a five-star average over two thousand <a href="/r">reviews</a>.</p>';
    expect(afterRemoval(`<h1>Speckled mug</h1>${DETAILS}${prose}`)).toContain('five-star average');
    const testimonials =
      '<h2>Reviews</h2><blockquote><p>Lovely glaze.</p></blockquote><blockquote><p>My daily mug.</p></blockquote>';
    expect(afterRemoval(`<h1>Speckled mug</h1>${DETAILS}${testimonials}`)).toContain('My daily mug.');
  });

  it('keeps a section whose heading mentions other products only in passing', () => {
    expect(afterRemoval(`<h1>Speckled mug</h1>${DETAILS}<h2>Unrelated to glaze</h2><p>Lead free.</p>`)).toContain(
      'Lead free.',
    );
  });

  it('leaves a reading alone when most of its headings announce other products', () => {
    const guide =
      '<h2>Related mugs</h2><p>A taller one.</p><h2>Similar cups</h2><p>A smaller one.</p><h2>Verdict</h2><p>Buy both.</p>';
    expect(afterRemoval(guide)).toContain('A taller one.');
  });
});
