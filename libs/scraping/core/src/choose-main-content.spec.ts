import { chooseMainContent } from './choose-main-content';
import { parseDocument, releaseDocument } from './dom-document';

// jsdom is an ECMAScript module underneath, which Jest's loader cannot require on Node 20 (see convert-html.spec.ts).
function requireOutsideJest(id: string): unknown {
  const vm = jest.requireActual<typeof import('node:vm')>('node:vm');
  const realProcess = vm.runInThisContext('process') as NodeJS.Process;
  return realProcess.getBuiltinModule('node:module').createRequire(__filename)(id);
}
jest.mock('jsdom', () => requireOutsideJest('jsdom'));
jest.mock('parse5', () => requireOutsideJest('parse5'));

describe('chooseMainContent', () => {
  it('never answers with an empty reading when pruning empties the region', () => {
    const block = (name: string): string =>
      `<div class="${name}"><p>${`Walking boots, trail shoes and sandals in ${name}. `.repeat(3)}</p></div>`;
    const document = parseDocument(`<div>${block('filters')}${block('newsletter')}${block('share')}</div>`);
    try {
      const content = chooseMainContent(document);
      expect(content === undefined || /\S/.test(content.replace(/<[^>]*>/g, ''))).toBe(true);
    } finally {
      releaseDocument(document);
    }
  });
});
