import { STATUS_CODES } from 'node:http';
import { escapeHtml, htmlDocument } from '../html';
import type { FixtureRoute } from '../routing';
import { send, sendHtml } from '../routing';

const BODYLESS = new Set([204, 205, 304]);

/** `/status/:code`: that status (200-599) with an HTML page naming it. */
export const statusRoutes: FixtureRoute[] = [
  {
    pattern: '/status/:code',
    handle: ({ res, params }) => {
      const code = Number(params.code);
      if (!Number.isInteger(code) || code < 200 || code > 599) {
        send(res, 400, { 'content-type': 'text/plain' }, 'code must be between 200 and 599');
        return;
      }
      if (BODYLESS.has(code)) {
        send(res, code, {});
        return;
      }
      const reason = escapeHtml(STATUS_CODES[code] ?? 'Unknown status');
      const title = `${code} ${reason}`;
      sendHtml(res, htmlDocument({ title, body: `<h1>${title}</h1><p>Status page.</p>` }), code);
    },
  },
];
