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

const links = (names: string[], wrap: (link: string) => string): string =>
  names.map((name) => wrap(`<a href="/wiki/${name}">${name}</a>`)).join('');
const NAMES = ['Curie', 'Planck', 'Bohr', 'Fermi', 'Dirac', 'Pauli'];

describe('pruneBoilerplate', () => {
  it('removes a block of short links', () => {
    expect(prunedText(`<ul>${links(NAMES, (link) => `<li>${link}</li>`)}</ul><p>Body text.</p>`)).toBe('Body text.');
  });

  it('keeps a table of short links, the content of a list page', () => {
    const table = `<table>${links(NAMES, (link) => `<tr><td>${link}</td></tr>`)}</table>`;
    expect(prunedText(table)).toContain('Curie');
  });
});
