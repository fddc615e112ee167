/** A URL without credentials or query: a SearXNG behind basic auth carries its password in SEARCH_URL. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return url;
  }
}

/**
 * What `npm start` says at boot about POST /v2/search (and extract's web search): the SearXNG instance
 * extract-service will ask, or that search is off and how to turn it on. The services inherit the runner's
 * environment, so `SEARCH_URL` reaches extract-service as it is; its own boot line and config validation have the
 * last word.
 */
export function describeSearchMode(env: NodeJS.ProcessEnv): string[] {
  const url = env.SEARCH_URL?.trim();
  if (url) return [`web search: SearXNG at ${shown(url)}`];
  return [
    'web search: off, no SEARCH_URL. POST /v2/search answers 400 SEARCH_NOT_CONFIGURED.',
    '  To search, run SearXNG with the JSON format enabled (search.formats: [html, json] in its settings.yml), then',
    '  SEARCH_URL=http://localhost:8080 npm start',
  ];
}
