import { describeSearchMode } from './search-mode';

describe('describeSearchMode', () => {
  it('names the SearXNG instance, never its credentials', () => {
    const lines = describeSearchMode({ SEARCH_URL: 'http://bot:secret@searxng:8080/?token=x' });
    expect(lines).toEqual(['web search: SearXNG at http://searxng:8080']);
  });

  it('without SEARCH_URL, says search is off and how to turn it on', () => {
    const text = describeSearchMode({ SEARCH_URL: ' ' }).join('\n');
    expect(text).toMatch(/^web search: off/);
    expect(text).toContain('SEARCH_NOT_CONFIGURED');
    expect(text).toContain('SEARCH_URL=http://localhost:8080 npm start');
  });
});
