import type { SearchCategory } from '@wh/contracts';
import type { SearchQuery } from './search-backend';

/**
 * Sites of the `research` category: the academic publishers and preprint servers Firecrawl's category narrows web
 * results to. A category is a filter over ordinary web search, not another index.
 */
const RESEARCH_SITES = [
  'arxiv.org',
  'pubmed.ncbi.nlm.nih.gov',
  'ncbi.nlm.nih.gov',
  'nature.com',
  'science.org',
  'ieee.org',
  'sciencedirect.com',
  'biorxiv.org',
  'medrxiv.org',
  'springer.com',
  'acm.org',
  'semanticscholar.org',
  'plos.org',
  'jstor.org',
];

const CATEGORY_SITES: Record<Exclude<SearchCategory, 'pdf'>, readonly string[]> = {
  github: ['github.com'],
  research: RESEARCH_SITES,
};

/** `site:a` alone, or `(site:a OR site:b)`: the spelling Google, Bing and DuckDuckGo share, which SearXNG passes on. */
function anyOfSites(sites: readonly string[]): string | undefined {
  if (sites.length === 0) return undefined;
  const terms = sites.map((site) => `site:${site}`);
  return terms.length === 1 ? terms[0] : `(${terms.join(' OR ')})`;
}

/**
 * The query text as sent to the engines: the words, then the categories' and `includeDomains`' sites as one
 * alternative, `filetype:pdf` for the pdf category, and `-site:` for each excluded domain. Engines that ignore an
 * operator are caught by the post-filter ({@link keptByDomains}).
 */
export function searchTerms(query: Pick<SearchQuery, 'query' | 'categories' | 'includeDomains' | 'excludeDomains'>) {
  const categories = query.categories ?? [];
  const sites = [
    ...new Set([
      ...categories.flatMap((category) => (category === 'pdf' ? [] : CATEGORY_SITES[category])),
      ...(query.includeDomains ?? []).map((domain) => domain.toLowerCase()),
    ]),
  ];
  return [
    query.query.trim(),
    anyOfSites(sites),
    categories.includes('pdf') ? 'filetype:pdf' : undefined,
    ...(query.excludeDomains ?? []).map((domain) => `-site:${domain.toLowerCase()}`),
  ]
    .filter((term): term is string => term !== undefined && term !== '')
    .join(' ');
}

/** True when `host` is `domain` or one of its subdomains (`docs.example.com` is in `example.com`). */
export function hostInDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const d = domain.toLowerCase().replace(/\.$/, '');
  return h === d || h.endsWith(`.${d}`);
}

/** Whether a result's URL passes `includeDomains` / `excludeDomains`; an unreadable URL passes neither list. */
export function keptByDomains(url: string, filters: Pick<SearchQuery, 'includeDomains' | 'excludeDomains'>): boolean {
  const include = filters.includeDomains ?? [];
  const exclude = filters.excludeDomains ?? [];
  if (include.length === 0 && exclude.length === 0) return true;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  if (include.length > 0 && !include.some((domain) => hostInDomain(host, domain))) return false;
  return !exclude.some((domain) => hostInDomain(host, domain));
}

/** The asked category a web result belongs to, read from its URL (`github` by host, `pdf` by path). */
export function categoryOf(url: string, categories: readonly SearchCategory[] | undefined): SearchCategory | undefined {
  if (!categories?.length) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return categories.find((category) =>
    category === 'pdf'
      ? parsed.pathname.toLowerCase().endsWith('.pdf')
      : CATEGORY_SITES[category].some((site) => hostInDomain(parsed.hostname, site)),
  );
}
