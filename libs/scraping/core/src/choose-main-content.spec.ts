import { chooseMainContent } from './choose-main-content';
import { parseDocument, releaseDocument } from './dom-document';

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
