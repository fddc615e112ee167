import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { type FixtureRoute, matchRoute, type RouteContext, send, sendHtml } from './routing';
import { FIXTURE_TLS_CERT, FIXTURE_TLS_KEY } from './self-signed-certificate';
import { articleRoutes } from './sites/articles';
import { browserSessionRoutes } from './sites/browser-sessions';
import { browserRoutes } from './sites/browser';
import { brandingRoutes } from './sites/branding';
import { encodingRoutes } from './sites/encodings';
import { extractionRoutes } from './sites/extraction';
import { heavyRoutes } from './sites/heavy';
import { hugeRoutes } from './sites/huge';
import { mediaRoutes } from './sites/media';
import { redirectRoutes } from './sites/redirects';
import { statusRoutes } from './sites/statuses';
import { structuredRoutes } from './sites/structured';
import { timingRoutes } from './sites/timing';
import { transportRoutes } from './sites/transport';

/** Options of {@link startFixtureServer}. */
export interface FixtureServerOptions {
  /** Serve HTTPS with a self-signed certificate for 127.0.0.1 (clients verifying certificates reject it). */
  tls?: boolean;
}

/** A running fixture web site on loopback. */
export interface FixtureServer {
  /** `http://127.0.0.1:<port>` (`https://` with `tls`), without a trailing slash. */
  url: string;
  port: number;
  /** Stops the server, cutting open connections and pending delays so nothing keeps the process alive. */
  close(): Promise<void>;
}

const ROUTES: FixtureRoute[] = [
  ...articleRoutes,
  ...structuredRoutes,
  ...extractionRoutes,
  ...redirectRoutes,
  ...timingRoutes,
  ...statusRoutes,
  ...mediaRoutes,
  ...hugeRoutes,
  ...encodingRoutes,
  ...transportRoutes,
  ...heavyRoutes,
  ...browserSessionRoutes,
  ...browserRoutes,
  ...brandingRoutes,
];

interface PendingDelay {
  timer: NodeJS.Timeout;
  settle(elapsed: boolean): void;
}

/** Starts the fixture sites on 127.0.0.1 with a free port. */
export async function startFixtureServer(options: FixtureServerOptions = {}): Promise<FixtureServer> {
  const scheme = options.tls ? 'https' : 'http';
  const sockets = new Set<Socket>();
  const delays = new Set<PendingDelay>();
  let closing = false;

  const delayFor =
    (res: ServerResponse) =>
    (ms: number): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        if (closing) {
          resolve(false);
          return;
        }
        const pending: PendingDelay = {
          timer: setTimeout(() => pending.settle(true), ms),
          settle: (elapsed) => {
            clearTimeout(pending.timer);
            delays.delete(pending);
            res.off('close', onClose);
            resolve(elapsed);
          },
        };
        const onClose = (): void => pending.settle(false);
        res.once('close', onClose);
        delays.add(pending);
      });

  const handle = async (req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    for (const route of ROUTES) {
      const params = matchRoute(route.pattern, url.pathname);
      if (!params) continue;
      const context: RouteContext = { req, res, url, params, delay: delayFor(res) };
      await route.handle(context);
      return;
    }
    sendHtml(res, '<!DOCTYPE html><html><body><h1>Not found</h1></body></html>', 404);
  };

  const listener: RequestListener = (req, res) => {
    handle(req, res, `${scheme}://${req.headers.host ?? '127.0.0.1'}`).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(res, 500, { 'content-type': 'text/plain' }, error instanceof Error ? error.message : String(error));
    });
  };
  const server = options.tls
    ? createTlsServer({ key: FIXTURE_TLS_KEY, cert: FIXTURE_TLS_CERT }, listener)
    : createServer(listener);
  // Raw TCP sockets, also for TLS, so close() can cut connections that are still handshaking.
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing = true;
    for (const pending of [...delays]) pending.settle(false);
    closed ??= new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    for (const socket of sockets) socket.destroy();
    return closed;
  };

  return { url: `${scheme}://127.0.0.1:${port}`, port, close };
}
