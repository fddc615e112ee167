/** The client-facing URLs of a session, on the gateway's public base URL. */
export interface BrowserSessionUrls {
  cdpUrl: string;
  liveViewUrl: string;
  interactiveLiveViewUrl: string;
}

/** Path of the CDP socket: `/v2/browser/<id>/cdp`. */
export const CDP_SOCKET_PATH = /^\/v2\/browser\/([0-9a-f-]{36})\/cdp$/;
/** Path of the live view's frame socket: `/v2/browser/<id>/live/socket`. */
export const LIVE_SOCKET_PATH = /^\/v2\/browser\/([0-9a-f-]{36})\/live\/socket$/;

export function browserSessionUrls(
  publicBaseUrl: string,
  sessionId: string,
  tokens: { cdpToken: string; viewToken?: string; interactiveToken?: string },
): BrowserSessionUrls {
  const base = new URL(publicBaseUrl);
  const prefix = base.pathname.replace(/\/$/, '');
  const page = (token: string): string =>
    new URL(`${prefix}/v2/browser/${sessionId}/live?token=${token}`, base).toString();
  const socket = new URL(`${prefix}/v2/browser/${sessionId}/cdp?token=${tokens.cdpToken}`, base);
  socket.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return {
    cdpUrl: socket.toString(),
    liveViewUrl: tokens.viewToken ? page(tokens.viewToken) : '',
    interactiveLiveViewUrl: tokens.interactiveToken ? page(tokens.interactiveToken) : '',
  };
}
