import { measureText, type TextMasses } from './content-region';
import { parseDocument, releaseDocument } from './dom-document';
import { pruneBoilerplate } from './prune-boilerplate';

// jsdom is an ECMAScript module underneath, which Jest's loader cannot require on Node 20 (see convert-html.spec.ts).
function requireOutsideJest(id: string): unknown {
  const vm = jest.requireActual<typeof import('node:vm')>('node:vm');
  const realProcess = vm.runInThisContext('process') as NodeJS.Process;
  return realProcess.getBuiltinModule('node:module').createRequire(__filename)(id);
}
jest.mock('jsdom', () => requireOutsideJest('jsdom'));
jest.mock('parse5', () => requireOutsideJest('parse5'));

const DESCRIPTION =
  '<p>A stoneware mug thrown on the wheel, glazed in a speckled oat colour and fired twice so that it holds heat ' +
  'for a long morning. Each one differs a little in shape and glaze, and holds about three hundred millilitres.</p>';

function prunedText(body: string): string {
  const document = parseDocument(body);
  try {
    const masses: TextMasses = new Map();
    measureText(document.body, masses);
    pruneBoilerplate(document.body, masses);
    return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  } finally {
    releaseDocument(document);
  }
}

describe('pruneBoilerplate, blocks named as boilerplate', () => {
  it('removes blocks whose class or id names them as reviews, recommendations or filters', () => {
    const text = prunedText(
      `<div><h1>Speckled mug</h1>${DESCRIPTION}</div>` +
        '<div class="product-reviews"><p>Lovely mug, arrived quickly.</p></div>' +
        '<section id="related_items"><p>Tall vase</p><p>Small bowl</p></section>' +
        '<div class="filters panel"><p>Colour</p><p>Price</p></div>',
    );
    expect(text).toContain('speckled oat colour');
    expect(text).not.toContain('Lovely mug');
    expect(text).not.toContain('Tall vase');
    expect(text).not.toContain('Colour');
  });

  it('matches whole words of a class only', () => {
    const text = prunedText(`<div class="preview-pane">${DESCRIPTION}</div><div class="sortable"><p>Kept too</p></div>`);
    expect(text).toContain('speckled oat colour');
    expect(text).toContain('Kept too');
  });

  it('keeps a run of like blocks, which are the items of the content whatever their class says', () => {
    const text = prunedText(
      '<div class="review-item"><h2>First speaker</h2><p>Loud and clear.</p></div>' +
        '<div class="review-item"><h2>Second speaker</h2><p>Small but deep.</p></div>',
    );
    expect(text).toContain('Loud and clear.');
    expect(text).toContain('Small but deep.');
  });

  it('keeps a named block that holds the title heading or most of the text', () => {
    expect(prunedText(`<div class="share-wrapper"><h1>Mug</h1><p>Short.</p></div><p>${'Other text. '.repeat(20)}</p>`))
      .toContain('Short.');
    expect(prunedText(`<div class="related">${DESCRIPTION}</div><p>A line.</p>`)).toContain('speckled oat colour');
  });
});
