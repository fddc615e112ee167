import type { FixtureRoute, RouteContext } from '../routing';
import { escapeHtml } from '../html';
import { numberParam, send } from '../routing';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

function redirect({ res, url }: RouteContext, location: string): void {
  const requested = numberParam(url, 'status', 302, 0, 999);
  const status = REDIRECT_STATUSES.has(requested) ? requested : 302;
  const body = `<a href="${escapeHtml(location)}">moved</a>`;
  send(res, status, { location, 'content-type': 'text/html; charset=utf-8' }, body);
}

/**
 * `/redirect/:n` (n absolute redirects ending at /article; `?status=` picks the code), `/redirect-relative`
 * (a relative Location with a dot segment) and `/redirect-to?url=` (redirects anywhere).
 */
export const redirectRoutes: FixtureRoute[] = [
  {
    pattern: '/redirect/:n',
    handle: (context) => {
      const remaining = Number.parseInt(context.params.n ?? '', 10);
      if (!Number.isInteger(remaining) || remaining < 1) {
        send(context.res, 400, { 'content-type': 'text/plain' }, 'n must be a positive integer');
        return;
      }
      const status = context.url.searchParams.get('status');
      const suffix = status ? `?status=${encodeURIComponent(status)}` : '';
      const next = remaining === 1 ? '/article' : `/redirect/${remaining - 1}${suffix}`;
      redirect(context, new URL(next, context.url).href);
    },
  },
  { pattern: '/redirect-relative', handle: (context) => redirect(context, '../article?via=relative') },
  {
    pattern: '/redirect-to',
    handle: (context) => {
      const target = context.url.searchParams.get('url');
      if (!target) {
        send(context.res, 400, { 'content-type': 'text/plain' }, 'url is required');
        return;
      }
      redirect(context, target);
    },
  },
];
