import { resolvedScrapeOptions } from '@wh/testing';
import { browserReasons, looksUnrendered } from './engine-choice';

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

  it.each([
    [
      'an empty app shell',
      '<html><head><title>App</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>',
      true,
    ],
    [
      'a shell with a noscript notice',
      '<body><noscript>You need to enable JavaScript to run this app, which is a long notice that goes on and on and on and on and on and on and on and on and on and on and on and on and on and on and on.</noscript><div id="app"></div><script>boot()</script></body>',
      true,
    ],
    ['a short page without scripts', '<html><body><p>Hello</p></body></html>', false],
    [
      'an article that also runs scripts',
      `<body><article><p>${'Real words on the page. '.repeat(20)}</p></article><script>track()</script></body>`,
      false,
    ],
    [
      'scripts first, then an article',
      `<body><script>boot()</script><article><p>${'Real words on the page. '.repeat(20)}</p></article></body>`,
      false,
    ],
    [
      'scripts first, then text that ends the page unclosed',
      `<script>boot()</script>${'Real words on the page. '.repeat(20)}`,
      false,
    ],
    [
      'a shell whose inline bundle spans many pieces of the scan',
      `<body><div id="root"></div><script>${'var a = "<p>not text</p>";'.repeat(2_000)}</script><p>Loading</p></body>`,
      true,
    ],
    [
      'a short page whose only scripts are JSON-LD data',
      '<head><script type="application/ld+json">{"@type": "Product"}</script></head><body><h1>Kettle</h1><p>€89</p></body>',
      false,
    ],
    [
      'a short page with JSON-LD and a bundle',
      '<head><script type="application/ld+json">{}</script><script src="/app.js"></script></head><body><div id="root"></div></body>',
      true,
    ],
    [
      'a page whose text comes first and whose scripts come far later',
      `<body><p>${'Visible words. '.repeat(40)}</p>${'<div>more</div>'.repeat(5_000)}<script>late()</script></body>`,
      false,
    ],
  ])('%s → unrendered %s', (_name, html, expected) => {
    expect(looksUnrendered(html)).toBe(expected);
  });
});
