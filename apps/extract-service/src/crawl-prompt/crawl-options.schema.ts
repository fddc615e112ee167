/** Most path patterns the model may write per list (the API takes 100 from a caller). */
const MAX_GENERATED_PATTERNS = 30;
/** Highest page limit the model may set; a caller who wants more says so in `limit`. */
export const MAX_GENERATED_LIMIT = 100_000;

const pathPatterns = (description: string) => ({
  type: 'array',
  maxItems: MAX_GENERATED_PATTERNS,
  items: { type: 'string', minLength: 1, maxLength: 500 },
  description,
});

/**
 * The JSON schema the model answers crawl prompts against: Firecrawl v2's crawl options, each described for the
 * model. Nothing is required; a field the prompt does not speak of is left out (null in strict mode) and keeps the
 * API's default. The ranges are the API's own, so an answer that fits is one a caller could have sent.
 */
export const CRAWL_OPTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    includePaths: pathPatterns(
      'JavaScript regular expressions matched against the URL path (from "/", without the host); only pages whose path matches one are crawled, e.g. "^/blog/.*". Leave out to crawl every path.',
    ),
    excludePaths: pathPatterns(
      'JavaScript regular expressions matched against the URL path; pages whose path matches one are skipped, e.g. "^/tag/.*". Leave out to skip nothing.',
    ),
    maxDiscoveryDepth: {
      type: 'integer',
      minimum: 0,
      maximum: 100,
      description:
        'How many links away from the start page to go (0: the start page and the sitemap only). Leave out for no depth limit.',
    },
    sitemap: {
      type: 'string',
      enum: ['include', 'skip', 'only'],
      description:
        '"include" (default): use the sitemap and follow links; "skip": follow links only; "only": take pages from the sitemap only.',
    },
    crawlEntireDomain: {
      type: 'boolean',
      description:
        "true to follow links to any path of the start URL's host, also above or beside the start path; false (default) to stay under the start path.",
    },
    allowSubdomains: {
      type: 'boolean',
      description: 'true to also crawl subdomains of the start host (docs.example.com from example.com).',
    },
    allowExternalLinks: {
      type: 'boolean',
      description: 'true to also follow links to other sites.',
    },
    ignoreQueryParameters: {
      type: 'boolean',
      description: 'true to treat URLs that differ only in their query string as one page.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_GENERATED_LIMIT,
      description: 'Most pages to crawl, when the request names a number of pages.',
    },
    delay: {
      type: 'number',
      minimum: 0,
      maximum: 3_600,
      description: 'Seconds to wait between two requests, when the request asks to go slowly.',
    },
  },
} as const;
