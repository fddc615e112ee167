import { TARGET, type FieldKind } from './bad-values';

/** A route that takes a JSON body: a body it accepts, and what each field of it is. */
export interface JsonRoute {
  method: 'POST';
  path: string;
  /** A body the route accepts; each case changes one thing so that the route must refuse it. */
  validBody: Record<string, unknown>;
  fields: Record<string, FieldKind>;
  /** Whether `{}` is refused (a required field): only then can a body that is not parsed stand for a bad one. */
  emptyBodyRefused: boolean;
}

/** A route whose input is its path and query. */
export interface PathRoute {
  method: 'GET' | 'DELETE';
  /** `{id}` stands for the route's identifier. */
  path: string;
  /** Whether `{id}` must be a UUID (job and session routes) or is free text (profile names, file names). */
  id?: 'uuid' | 'name';
  /** Query fields and values each one must refuse. */
  query?: Record<string, string[]>;
  /** The route's answer without an API key: 401 for API routes, 404 for links whose URL is the credential. */
  anonymous: 401 | 404;
}

const int = (min: number, max?: number): FieldKind => ({ kind: 'int', min, ...(max !== undefined ? { max } : {}) });
const bool: FieldKind = { kind: 'bool' };

/** The fields of Firecrawl's scrape options, top level in scrape and batch scrape, nested in crawl and extract. */
const SCRAPE_OPTION_FIELDS: Record<string, FieldKind> = {
  formats: { kind: 'formats' },
  onlyMainContent: bool,
  includeTags: { kind: 'strings' },
  excludeTags: { kind: 'strings' },
  maxAge: int(0, 100 * 365 * 24 * 60 * 60 * 1000),
  minAge: int(1, 100 * 365 * 24 * 60 * 60 * 1000),
  headers: { kind: 'headers' },
  waitFor: int(0, 15_000),
  mobile: bool,
  skipTlsVerification: bool,
  timeout: int(1, 300_000),
  actions: { kind: 'actions' },
  location: { kind: 'location' },
  removeBase64Images: bool,
  blockAds: bool,
  proxy: { kind: 'enum' },
  storeInCache: bool,
  zeroDataRetention: bool,
  origin: { kind: 'string' },
  integration: { kind: 'string' },
};

export const JSON_ROUTES: JsonRoute[] = [
  {
    method: 'POST',
    path: '/v2/scrape',
    validBody: { url: TARGET },
    fields: { url: { kind: 'url' }, ...SCRAPE_OPTION_FIELDS },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/batch/scrape',
    validBody: { urls: [TARGET] },
    fields: {
      urls: { kind: 'urlList' },
      webhook: { kind: 'webhook' },
      maxConcurrency: int(1, 10_000),
      ignoreInvalidURLs: bool,
      ...SCRAPE_OPTION_FIELDS,
    },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/crawl',
    validBody: { url: TARGET, limit: 1 },
    fields: {
      url: { kind: 'url' },
      prompt: { kind: 'string', maxLength: 10_000 },
      excludePaths: { kind: 'strings' },
      includePaths: { kind: 'strings' },
      maxDiscoveryDepth: int(0),
      sitemap: { kind: 'enum' },
      ignoreQueryParameters: bool,
      regexOnFullURL: bool,
      limit: int(1, 1_000_000),
      crawlEntireDomain: bool,
      allowExternalLinks: bool,
      allowSubdomains: bool,
      delay: { kind: 'number', min: 0, max: 3_600 },
      maxConcurrency: int(1, 10_000),
      webhook: { kind: 'webhook' },
      scrapeOptions: { kind: 'scrapeOptions' },
      zeroDataRetention: bool,
      origin: { kind: 'string' },
    },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/crawl/params-preview',
    validBody: { url: TARGET, prompt: 'only the blog' },
    fields: { url: { kind: 'url' }, prompt: { kind: 'string', maxLength: 10_000 }, zeroDataRetention: bool },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/map',
    validBody: { url: TARGET },
    fields: {
      url: { kind: 'url' },
      search: { kind: 'string', maxLength: 1_000 },
      sitemap: { kind: 'enum' },
      includeSubdomains: bool,
      ignoreQueryParameters: bool,
      limit: int(1, 100_000),
      timeout: int(1, 300_000),
      location: { kind: 'location' },
      headers: { kind: 'headers' },
    },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/search',
    validBody: { query: 'hostile requests' },
    fields: {
      query: { kind: 'string', maxLength: 2_000 },
      limit: int(1, 100),
      sources: { kind: 'strings' },
      categories: { kind: 'strings' },
      includeDomains: { kind: 'strings' },
      excludeDomains: { kind: 'strings' },
      tbs: { kind: 'enum' },
      location: { kind: 'string', maxLength: 200 },
      country: { kind: 'enum' },
      lang: { kind: 'enum' },
      timeout: int(1, 300_000),
      ignoreInvalidURLs: bool,
      scrapeOptions: { kind: 'scrapeOptions' },
    },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/extract',
    validBody: { urls: [TARGET], schema: { type: 'object', properties: { title: { type: 'string' } } } },
    fields: {
      urls: { kind: 'urlList' },
      prompt: { kind: 'string', maxLength: 10_000 },
      schema: { kind: 'freeObject' },
      systemPrompt: { kind: 'string', maxLength: 10_000 },
      showSources: bool,
      enableWebSearch: bool,
      ignoreInvalidURLs: bool,
      scrapeOptions: { kind: 'scrapeOptions' },
      allowExternalLinks: bool,
      threatProtection: { kind: 'freeObject' },
      agent: { kind: 'refused' },
      webhook: { kind: 'refused' },
    },
    emptyBodyRefused: true,
  },
  {
    method: 'POST',
    path: '/v2/browser',
    validBody: { ttl: 60 },
    fields: {
      ttl: int(30, 3_600),
      activityTtl: int(10, 3_600),
      streamWebView: bool,
      profile: { kind: 'profile' },
    },
    // Every field is optional: an empty or unparsed body starts a session.
    emptyBodyRefused: false,
  },
];

const JOB_STATUS_QUERY = {
  skip: ['-1', 'abc', '1.5', '1e30', '99999999999999999999', ''],
  limit: ['0', '100001', 'x', '1e400'],
};

export const PATH_ROUTES: PathRoute[] = [
  { method: 'GET', path: '/v2/crawl/{id}', id: 'uuid', query: JOB_STATUS_QUERY, anonymous: 401 },
  { method: 'GET', path: '/v2/crawl/{id}/errors', id: 'uuid', anonymous: 401 },
  { method: 'DELETE', path: '/v2/crawl/{id}', id: 'uuid', anonymous: 401 },
  { method: 'GET', path: '/v2/crawl/active', anonymous: 401 },
  { method: 'GET', path: '/v2/batch/scrape/{id}', id: 'uuid', query: JOB_STATUS_QUERY, anonymous: 401 },
  { method: 'GET', path: '/v2/batch/scrape/{id}/errors', id: 'uuid', anonymous: 401 },
  { method: 'DELETE', path: '/v2/batch/scrape/{id}', id: 'uuid', anonymous: 401 },
  { method: 'GET', path: '/v2/extract/{id}', id: 'uuid', anonymous: 401 },
  { method: 'GET', path: '/v2/browser', query: { status: ['alive', '', 'ACTIVE'] }, anonymous: 401 },
  { method: 'GET', path: '/v2/browser/{id}', id: 'uuid', anonymous: 401 },
  { method: 'DELETE', path: '/v2/browser/{id}', id: 'uuid', anonymous: 401 },
  { method: 'DELETE', path: '/v2/browser/profiles/{id}', id: 'name', anonymous: 401 },
  { method: 'GET', path: '/v2/browser/{id}/live', id: 'uuid', query: { token: ['', 'not-a-token'] }, anonymous: 404 },
  { method: 'GET', path: '/v2/team/credit-usage', anonymous: 401 },
  {
    method: 'GET',
    path: '/v2/team/credit-usage/historical',
    query: { byApiKey: ['yes', '1', 'TRUE'] },
    anonymous: 401,
  },
  { method: 'GET', path: '/v2/team/token-usage', anonymous: 401 },
  {
    method: 'GET',
    path: '/v2/team/token-usage/historical',
    query: { byApiKey: ['yes', '0'] },
    anonymous: 401,
  },
  { method: 'GET', path: '/v2/team/queue-status', anonymous: 401 },
  { method: 'GET', path: '/v2/concurrency-check', anonymous: 401 },
  { method: 'GET', path: '/v2/files/{id}/shot.png', id: 'name', anonymous: 404 },
];

export const PARSE_PATH = '/v2/parse';
