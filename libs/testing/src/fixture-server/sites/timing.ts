import { htmlDocument } from '../html';
import type { FixtureRoute } from '../routing';
import { numberParam, sendHtml } from '../routing';

const MAX_DELAY_MS = 120_000;

/** `/slow?ms=N` answers after N ms; `/slow-body?ms=N` sends headers and part of the page, then stalls N ms. */
export const timingRoutes: FixtureRoute[] = [
  {
    pattern: '/slow',
    handle: async ({ res, url, delay }) => {
      const ms = numberParam(url, 'ms', 30_000, 0, MAX_DELAY_MS);
      if (!(await delay(ms))) return;
      sendHtml(res, htmlDocument({ title: 'Slow page', body: `<h1>Slow page</h1><p>Answered after ${ms} ms.</p>` }));
    },
  },
  {
    pattern: '/slow-body',
    handle: async ({ res, url, delay }) => {
      const ms = numberParam(url, 'ms', 30_000, 0, MAX_DELAY_MS);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!DOCTYPE html>\n<html lang="en"><head><title>Slow body</title></head><body><h1>Slow body</h1>');
      if (!(await delay(ms))) return;
      res.end(`<p>Finished after ${ms} ms.</p></body></html>\n`);
    },
  },
];
