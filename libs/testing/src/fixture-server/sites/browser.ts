import { escapeHtml, htmlDocument } from '../html';
import { textPdf } from '../pdf';
import { type FixtureRoute, numberParam, send, sendHtml } from '../routing';

/** Host name the ad fixture loads its banner from; tests map `*.test` to loopback in Chromium. */
export const AD_HOST = 'ads.fixture.test';
export const AD_BANNER_TEXT = 'SPONSORED: buy more widgets';
export const COOKIE_NOTICE_TEXT = 'We use cookies to improve your experience';
/** Pages of the `/files/report.pdf` fixture. */
export const REPORT_PDF_PAGES = [
  ['Annual Report of the Riverside Mills', 'Revenue grew in every quarter.'],
  ['Second Section: Outlook', 'The mills expect a quieter year ahead.'],
  ['Appendix', 'Figures are unaudited.'],
];
const SCROLL_BATCH = 5;
const SCROLL_BATCHES = 4;

function sendJson(res: Parameters<FixtureRoute['handle']>[0]['res'], value: unknown): void {
  send(res, 200, { 'content-type': 'application/json' }, JSON.stringify(value));
}

function page(title: string, body: string, script: string): string {
  return htmlDocument({
    title,
    head: '<meta name="viewport" content="width=device-width, initial-scale=1">',
    body: `${body}\n<script>\n${script}\n</script>`,
  });
}

/**
 * Pages that only show their content in a browser: a script-rendered app shell, a form driven by click, write
 * and press, content loaded while scrolling, a probe reporting what the page sees of its visitor, a tall page,
 * a page with an ad and a cookie notice, and a PDF.
 */
export const browserRoutes: FixtureRoute[] = [
  {
    pattern: '/app/rendered',
    handle: ({ res }) =>
      sendHtml(
        res,
        page(
          'Rendered catalogue',
          '<div id="root"></div>',
          `fetch('/app/api/products').then((r) => r.json()).then((products) => {
            document.getElementById('root').innerHTML = '<main><h1>Product catalogue</h1><ul>' +
              products.map((p) => '<li>' + p.name + ': ' + p.description + '</li>').join('') + '</ul></main>';
          });`,
        ),
      ),
  },
  {
    pattern: '/app/api/products',
    handle: ({ res }) =>
      sendJson(res, [
        { name: 'Copper kettle', description: 'Hand-beaten, holds two litres of water for the whole family.' },
        { name: 'Oak bread board', description: 'Cut from a single plank of oak felled in the river valley.' },
        { name: 'Linen apron', description: 'Woven on the old looms of the mill town, washed soft.' },
      ]),
  },
  {
    pattern: '/app/form',
    handle: ({ res }) =>
      sendHtml(
        res,
        page(
          'Greeting form',
          `<main><h1>Say hello</h1><form id="form"><input id="name" name="name" autocomplete="off">
           <button id="submit" type="submit">Greet</button></form><p id="status">Nobody greeted yet.</p></main>`,
          `document.getElementById('form').addEventListener('submit', (event) => {
            event.preventDefault();
            const name = document.getElementById('name').value;
            setTimeout(() => {
              const greeting = document.createElement('p');
              greeting.id = 'greeting';
              greeting.textContent = 'Hello, ' + name + '! Your greeting was delivered.';
              document.querySelector('main').appendChild(greeting);
              document.getElementById('status').textContent = 'One visitor greeted.';
            }, 300);
          });`,
        ),
      ),
  },
  {
    pattern: '/app/scroll',
    handle: ({ res }) =>
      sendHtml(
        res,
        page(
          'Endless list',
          `<main><h1>Endless list</h1><ol id="list"></ol><div id="end" style="height: 10px"></div></main>`,
          `let batch = 0;
          let loading = false;
          function load() {
            if (loading || batch >= ${SCROLL_BATCHES}) return;
            loading = true;
            fetch('/app/api/items?batch=' + batch).then((r) => r.json()).then((items) => {
              for (const item of items) {
                const li = document.createElement('li');
                li.textContent = item;
                li.style.height = '400px';
                document.getElementById('list').appendChild(li);
              }
              batch += 1;
              loading = false;
            });
          }
          load();
          window.addEventListener('scroll', () => {
            if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 200) load();
          });`,
        ),
      ),
  },
  {
    pattern: '/app/api/items',
    handle: ({ res, url }) => {
      const batch = numberParam(url, 'batch', 0, 0, SCROLL_BATCHES);
      sendJson(
        res,
        Array.from({ length: SCROLL_BATCH }, (_, index) => `Scrolled item number ${batch * SCROLL_BATCH + index + 1}`),
      );
    },
  },
  {
    pattern: '/app/probe',
    handle: ({ req, res }) => {
      const received = {
        acceptLanguage: req.headers['accept-language'] ?? '',
        cookie: req.headers.cookie ?? '',
        custom: req.headers['x-fixture-probe'] ?? '',
      };
      sendHtml(
        res,
        page(
          'Visitor probe',
          `<main><h1>Visitor probe</h1><p>Server saw ${escapeHtml(JSON.stringify(received))}</p><pre id="seen"></pre></main>`,
          `document.getElementById('seen').textContent = 'PROBE ' + JSON.stringify({
            userAgent: navigator.userAgent,
            width: window.innerWidth,
            touch: navigator.maxTouchPoints > 0,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            languages: navigator.languages,
          });`,
        ),
      );
    },
  },
  {
    pattern: '/app/tall',
    handle: ({ res }) =>
      sendHtml(
        res,
        htmlDocument({
          title: 'Tall page',
          head: '<style>body { margin: 0 } section { height: 1000px; border-bottom: 4px solid #345 }</style>',
          body: `<main><h1>Tall page</h1>${Array.from({ length: 4 }, (_, index) => `<section><p>Section ${index + 1}</p></section>`).join('')}</main>`,
        }),
      ),
  },
  {
    pattern: '/app/ads',
    handle: ({ res, url }) =>
      sendHtml(
        res,
        htmlDocument({
          title: 'Article with an ad',
          body: `<main><h1>Weaving on the old looms</h1>
            <p>The looms of the mill town have been running for two hundred years, and the weavers who keep them
            going learned the trade from their parents, who learned it from theirs.</p>
            <div id="ad-slot"></div>
            <div class="cookie-notice"><p>${COOKIE_NOTICE_TEXT}</p><button>Accept</button></div></main>
            <script src="http://${AD_HOST}:${url.port}/ads/banner.js"></script>`,
        }),
      ),
  },
  {
    pattern: '/ads/banner.js',
    handle: ({ res }) =>
      send(
        res,
        200,
        { 'content-type': 'application/javascript' },
        `document.getElementById('ad-slot').innerHTML = '<p>${AD_BANNER_TEXT}</p>';`,
      ),
  },
  {
    pattern: '/files/report.pdf',
    handle: ({ res }) =>
      send(res, 200, { 'content-type': 'application/pdf' }, textPdf('Riverside Mills Annual Report', REPORT_PDF_PAGES)),
  },
  {
    pattern: '/proxy/echo',
    handle: ({ req, res }) => {
      const via = String(req.headers['x-proxied-by'] ?? 'direct');
      sendHtml(
        res,
        htmlDocument({
          title: 'Proxy echo',
          body: `<main><h1>Proxy echo</h1><p>Reached via ${escapeHtml(via)}.</p></main>`,
        }),
      );
    },
  },
  {
    pattern: '/proxy/guarded',
    handle: ({ req, res }) => {
      const enhanced = req.headers['x-proxied-by'] === 'enhanced';
      sendHtml(
        res,
        htmlDocument({
          title: enhanced ? 'Guarded page' : 'Access denied',
          body: enhanced
            ? '<main><h1>Guarded page</h1><p>Only visitors through the enhanced proxy read this text.</p></main>'
            : '<main><h1>Access denied</h1><p>Automated visitors are not welcome.</p></main>',
        }),
        enhanced ? 200 : 403,
      );
    },
  },
];
