import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { escapeHtml, htmlDocument } from '../html';
import type { FixtureRoute } from '../routing';
import { numberParam, send, sendHtml } from '../routing';

const COMPRESSED_PAGE = htmlDocument({
  title: 'Compressed page',
  body: `<h1>Compressed page</h1>
<p>This page travels compressed. ${'The river keeps its course through the valley. '.repeat(40)}</p>
<p>Ünïcödé after decompression.</p>`,
});

const HTML = { 'content-type': 'text/html; charset=utf-8' };

function compressed(pattern: string, coding: string, body: Buffer): FixtureRoute {
  return {
    pattern,
    handle: ({ res }) => send(res, 200, { ...HTML, 'content-encoding': coding, vary: 'Accept-Encoding' }, body),
  };
}

/**
 * `/gzip`, `/deflate`, `/deflate-raw`, `/brotli` (the same compressed page), `/gzip-bomb?mb=N` (a small gzip
 * body that inflates to N MB) and `/echo-headers` (lists the request headers as `<li>name: value</li>`).
 */
export const transportRoutes: FixtureRoute[] = [
  compressed('/gzip', 'gzip', gzipSync(COMPRESSED_PAGE)),
  compressed('/deflate', 'deflate', deflateSync(COMPRESSED_PAGE)),
  compressed('/deflate-raw', 'deflate', deflateRawSync(COMPRESSED_PAGE)),
  compressed('/brotli', 'br', brotliCompressSync(COMPRESSED_PAGE)),
  {
    pattern: '/gzip-bomb',
    handle: ({ res, url }) => {
      const bytes = Math.round(numberParam(url, 'mb', 10, 0, 256) * 1024 * 1024);
      const body = gzipSync(Buffer.alloc(bytes, 'a'));
      send(res, 200, { ...HTML, 'content-encoding': 'gzip' }, body);
    },
  },
  {
    pattern: '/echo-headers',
    handle: ({ req, res }) => {
      const items = Object.entries(req.headers).map(([name, value]) => {
        const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
        return `<li>${escapeHtml(name)}: ${escapeHtml(text)}</li>`;
      });
      const body = `<h1>Request headers</h1>\n<ul>\n${items.join('\n')}\n</ul>`;
      sendHtml(res, htmlDocument({ title: 'Request headers', body }));
    },
  },
];
