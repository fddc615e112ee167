import { htmlDocument } from '../html';
import type { FixtureRoute } from '../routing';
import { sendHtml } from '../routing';

/**
 * Pages for remote browser session tests: `/browser/counter` is one big button that counts its clicks (for the
 * interactive live view), `/browser/storage` a plain page on which tests set cookies and localStorage,
 * `/browser/tall` a 16,000 px page of text whose full-page screenshot is several MB.
 */
export const browserSessionRoutes: FixtureRoute[] = [
  {
    pattern: '/browser/counter',
    handle: ({ res }) =>
      sendHtml(
        res,
        htmlDocument({
          title: 'Counter',
          head: '<style>html,body{margin:0;height:100%}button{width:100%;height:100%;font-size:64px;background:#2a6;color:#fff;border:0}</style>',
          body: '<button id="counter" onclick="this.dataset.clicks = String(Number(this.dataset.clicks || 0) + 1); this.textContent = \'clicked \' + this.dataset.clicks">click me</button>',
        }),
      ),
  },
  {
    pattern: '/browser/tall',
    handle: ({ res }) => {
      const rows = Array.from({ length: 400 }, (_, row) => {
        const hue = (row * 37) % 360;
        const words = Array.from({ length: 24 }, (_, word) =>
          ((row * 7919 + word * 104729) % 100000).toString(36),
        ).join(' ');
        return `<p style="height:40px;margin:0;background:hsl(${hue},60%,85%)">${row} ${words}</p>`;
      }).join('');
      sendHtml(
        res,
        htmlDocument({ title: 'Tall', head: '<style>body{margin:0;font:15px monospace}</style>', body: rows }),
      );
    },
  },
  {
    pattern: '/browser/storage',
    handle: ({ res }) =>
      sendHtml(
        res,
        htmlDocument({ title: 'Storage', body: '<h1>Storage</h1><p>Cookies and localStorage live here.</p>' }),
      ),
  },
];
