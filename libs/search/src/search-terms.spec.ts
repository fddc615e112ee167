import { categoryOf, hostInDomain, keptByDomains, searchTerms } from './search-terms';

describe('searchTerms', () => {
  it('is the words alone without filters', () => {
    expect(searchTerms({ query: '  river towns  ' })).toBe('river towns');
  });

  it('adds included domains as one alternative and excluded ones as -site: terms', () => {
    expect(searchTerms({ query: 'kettle', includeDomains: ['Shop.example', 'docs.example'] })).toBe(
      'kettle (site:shop.example OR site:docs.example)',
    );
    expect(searchTerms({ query: 'kettle', includeDomains: ['shop.example'] })).toBe('kettle site:shop.example');
    expect(searchTerms({ query: 'kettle', excludeDomains: ['spam.example', 'ads.example'] })).toBe(
      'kettle -site:spam.example -site:ads.example',
    );
  });

  it('turns categories into sites and a file type', () => {
    expect(searchTerms({ query: 'nats', categories: ['github'] })).toBe('nats site:github.com');
    expect(searchTerms({ query: 'nats', categories: ['pdf'] })).toBe('nats filetype:pdf');
    const research = searchTerms({ query: 'crispr', categories: ['research', 'github'] });
    expect(research).toMatch(/^crispr \(site:arxiv\.org OR .*site:github\.com\)$/);
    expect(research).toContain('site:pubmed.ncbi.nlm.nih.gov');
  });
});

describe('domain filters', () => {
  it('matches a domain and its subdomains, not look-alikes', () => {
    expect(hostInDomain('docs.example.com', 'example.com')).toBe(true);
    expect(hostInDomain('EXAMPLE.com', 'example.com')).toBe(true);
    expect(hostInDomain('notexample.com', 'example.com')).toBe(false);
    expect(hostInDomain('example.com', 'docs.example.com')).toBe(false);
  });

  it('keeps only included domains and drops excluded ones', () => {
    const include = { includeDomains: ['docs.example'] };
    expect(keptByDomains('https://docs.example/a', include)).toBe(true);
    expect(keptByDomains('https://api.docs.example/a', include)).toBe(true);
    expect(keptByDomains('https://blog.example/a', include)).toBe(false);
    expect(keptByDomains('not a url', include)).toBe(false);
    const exclude = { excludeDomains: ['spam.example'] };
    expect(keptByDomains('https://www.spam.example/', exclude)).toBe(false);
    expect(keptByDomains('https://good.example/', exclude)).toBe(true);
    expect(keptByDomains('not a url', {})).toBe(true);
  });
});

describe('categoryOf', () => {
  it('labels a web result with the asked category its URL belongs to', () => {
    expect(categoryOf('https://github.com/nats-io/nats.js', ['github', 'pdf'])).toBe('github');
    expect(categoryOf('https://arxiv.org/abs/1', ['research'])).toBe('research');
    expect(categoryOf('https://example.com/paper.PDF', ['pdf'])).toBe('pdf');
    expect(categoryOf('https://example.com/', ['github', 'pdf'])).toBeUndefined();
    expect(categoryOf('https://github.com/x', undefined)).toBeUndefined();
  });
});
