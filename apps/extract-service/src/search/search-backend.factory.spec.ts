import { loadConfig } from '@wh/platform/config';
import { SearxngBackend } from '@wh/search';
import { ExtractServiceConfig } from '../extract-service.config';
import { createSearchBackend } from './search-backend.factory';

describe('createSearchBackend', () => {
  const logger = () => ({ info: jest.fn(), warn: jest.fn() });

  it('is off without SEARCH_URL, and says at boot what to set', () => {
    const log = logger();
    expect(createSearchBackend(loadConfig(ExtractServiceConfig, { SEARCH_URL: ' ' }), log)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/SEARCH_NOT_CONFIGURED.*set SEARCH_URL/));
  });

  it('talks to the named SearXNG, and logs its host but never its credentials', () => {
    const log = logger();
    const config = loadConfig(ExtractServiceConfig, {
      SEARCH_URL: 'http://bot:secret@searxng:8080/',
      SEARCH_MAX_CONCURRENCY: '3',
    });
    const backend = createSearchBackend(config, log);
    expect(backend).toBeInstanceOf(SearxngBackend);
    expect((backend as SearxngBackend).host).toBe('searxng:8080');
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('secret');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ searchHost: 'searxng:8080', maxConcurrency: 3 }),
      'search backend configured',
    );
  });

  it('refuses a SEARCH_URL that is not an http(s) URL at boot', () => {
    expect(() => loadConfig(ExtractServiceConfig, { SEARCH_URL: 'searxng:8080' })).toThrow(/SEARCH_URL/);
  });
});
