import { scrapeCredits } from './scrape-credits';

describe('scrapeCredits', () => {
  it.each([
    ['a page', { proxyUsed: 'basic' as const }, 1],
    ['a parsed 12-page PDF', { proxyUsed: 'basic' as const, pdfPagesParsed: 12 }, 12],
    ['a parsed PDF without pages', { proxyUsed: 'basic' as const, pdfPagesParsed: 0 }, 1],
    ['a page through the enhanced proxy', { proxyUsed: 'enhanced' as const }, 5],
    ['a page read into a schema (json)', { proxyUsed: 'basic' as const, jsonExtracted: true }, 5],
    ['json through the enhanced proxy', { proxyUsed: 'enhanced' as const, jsonExtracted: true }, 9],
    ["change tracking's json mode", { proxyUsed: 'basic' as const, changeTrackingJson: true }, 5],
  ])('%s costs %s', (_name, usage, credits) => {
    expect(scrapeCredits(usage)).toBe(credits);
  });
});
