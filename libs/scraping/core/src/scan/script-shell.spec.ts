import { scanHtml } from './html-scan';
import { ScriptShellProbe } from './script-shell';

function unrendered(html: string): boolean {
  const probe = new ScriptShellProbe();
  scanHtml(html, [probe]);
  return probe.result();
}

describe('ScriptShellProbe', () => {
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
      'a shell whose inline bundle is long and holds markup in strings',
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
    [
      'a shell whose head is a large inline stylesheet and SVG sprite',
      `<head><style>${'.a{color:red}'.repeat(5_000)}</style></head><body><svg><text>${'icon '.repeat(100)}</text></svg><div id="root"></div><script src="/app.js"></script></body>`,
      true,
    ],
  ])('%s → unrendered %s', (_name, html, expected) => {
    expect(unrendered(html)).toBe(expected);
  });
});
