import { createServer } from 'node:http';
import { listenOnLoopback } from '../fixture-server/loopback-listener';
import { realSizePage } from './real-size-page';

/** A running real-size site. */
export interface RealSizeSite {
  /** `http://<host>:<port>`. */
  origin: string;
  /** Paths requested, in order, with their query. */
  pathsFetched(): string[];
  close(): Promise<void>;
}

const generated = new Map<number, Buffer[]>();

/**
 * Every page of a `total`-page site, generated once per process and kept (about 100 KB each, off the V8 heap):
 * making a page costs a few milliseconds, which must not count against the crawler that a benchmark runs in the same
 * process as the site.
 */
function pagesOf(total: number): Buffer[] {
  let pages = generated.get(total);
  if (!pages) {
    pages = Array.from({ length: total }, (_, index) => Buffer.from(realSizePage(index, total)));
    generated.set(total, pages);
  }
  return pages;
}

/**
 * Serves {@link realSizePage} 0 to `pages - 1` at `/bulk/<n>` on loopback, and a robots.txt that allows everything;
 * anything else is a 404.
 */
export async function startRealSizeSite(options: { host: string; pages: number }): Promise<RealSizeSite> {
  const pages = pagesOf(options.pages);
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    paths.push(`${url.pathname}${url.search}`);
    const match = /^\/bulk\/(\d+)$/.exec(url.pathname);
    const index = match ? Number(match[1]) : Number.NaN;
    const page = pages[index];
    const [status, type, bytes] =
      url.pathname === '/robots.txt'
        ? [200, 'text/plain', Buffer.from('User-agent: *\nAllow: /\n')]
        : page
          ? [200, 'text/html; charset=utf-8', page]
          : [404, 'text/html', Buffer.from('<!doctype html><title>Not found</title><h1>Not found</h1>')];
    res.writeHead(status, { 'content-type': type, 'content-length': String(bytes.length) });
    res.end(bytes);
  });
  const listener = await listenOnLoopback(server);
  return {
    origin: `http://${options.host}:${listener.port}`,
    pathsFetched: () => [...paths],
    close: listener.close,
  };
}
