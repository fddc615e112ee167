import { resolvedScrapeOptions } from '@wh/testing';
import { browserReasons } from './engine-choice';

describe('engine choice', () => {
  it('needs no browser for the default options', () => {
    expect(browserReasons(resolvedScrapeOptions())).toEqual([]);
    expect(browserReasons(resolvedScrapeOptions({ blockAds: true, proxy: 'auto' }))).toEqual([]);
  });

  it('names every option only a browser can honour', () => {
    const options = resolvedScrapeOptions({
      screenshot: { fullPage: false },
      actions: [{ type: 'scrape' }],
      waitFor: 100,
      mobile: true,
      location: { country: 'DE' },
      branding: true,
    });
    expect(browserReasons(options)).toEqual(['screenshot', 'actions', 'waitFor', 'mobile', 'location', 'branding']);
  });
});
