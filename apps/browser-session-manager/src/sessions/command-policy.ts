import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

/** A client's CDP command as it arrives on the socket. */
export interface CdpCommand {
  id: number;
  method: string;
  params?: Record<string, unknown>;
  sessionId?: string;
}

export type CommandVerdict =
  | { kind: 'forward' }
  | { kind: 'rewrite'; params: Record<string, unknown> }
  | { kind: 'refuse'; reason: string }
  | { kind: 'end-session' };

export interface CommandPolicyOptions {
  /** The session's own folder: downloads and file uploads must stay inside it. */
  sessionDir: string;
  /** Where downloads land when a client names a folder outside the session (Playwright names one of its own machine). */
  downloadsDir: string;
  allowPrivateTargets: boolean;
}

/** Whole domains a client may not use: they reach the host, not the page. */
const REFUSED_DOMAINS = new Set(['SystemInfo', 'Tethering']);
const REFUSED_METHODS = new Set(['Browser.crash', 'Browser.crashGpuProcess', 'Page.crash']);
const REFUSED_SCHEMES = new Set(['file:', 'chrome:', 'chrome-untrusted:', 'devtools:', 'view-source:']);

function isInside(folder: string, candidate: unknown): boolean {
  if (typeof candidate !== 'string' || !path.isAbsolute(candidate)) return false;
  const relative = path.relative(folder, path.resolve(candidate));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function isPublicAddress(address: string): boolean {
  return ipaddr.process(address).range() === 'unicast';
}

async function reachesPrivateAddress(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return !isPublicAddress(bare);
  try {
    const answers = await lookup(bare, { all: true, verbatim: true });
    return answers.some((answer) => !isPublicAddress(answer.address));
  } catch {
    // Unresolvable here means unresolvable for the browser too: it fails on its own.
    return false;
  }
}

/**
 * Decides what happens to one client command before it reaches Chromium: forwarded, refused with a CDP error,
 * or (Browser.close) turned into the end of the session. A download folder outside the session is replaced by
 * the session's own (refusing it would break Playwright, which names a folder on the client's machine). Navigation
 * checks answer the commands that name a URL with a clear CDP error; what a page requests on its own (scripts,
 * links, redirects, subresources) is refused by the egress guard every session browser sends its traffic through,
 * which a context may therefore not replace with a proxy of its own.
 */
export async function judgeCommand(command: CdpCommand, options: CommandPolicyOptions): Promise<CommandVerdict> {
  const { method } = command;
  const params = command.params ?? {};
  const domain = method.split('.')[0] ?? '';
  if (method === 'Browser.close') return { kind: 'end-session' };
  if (REFUSED_DOMAINS.has(domain) || REFUSED_METHODS.has(method)) {
    return { kind: 'refuse', reason: `${method} is not allowed in a remote browser session` };
  }
  if (method === 'Browser.setDownloadBehavior' || method === 'Page.setDownloadBehavior') {
    const behavior = params.behavior;
    if ((behavior === 'allow' || behavior === 'allowAndName') && !isInside(options.sessionDir, params.downloadPath)) {
      return { kind: 'rewrite', params: { ...params, downloadPath: options.downloadsDir } };
    }
    return { kind: 'forward' };
  }
  if (method === 'DOM.setFileInputFiles') {
    const files = Array.isArray(params.files) ? params.files : [];
    if (!files.every((file) => isInside(options.sessionDir, file))) {
      return { kind: 'refuse', reason: `uploaded files must be inside ${options.sessionDir}` };
    }
    return { kind: 'forward' };
  }
  if (method === 'Target.createBrowserContext' && !options.allowPrivateTargets) {
    // A context's own proxy (or `direct://`) would replace the browser's, which is the egress guard.
    if (params.proxyServer !== undefined || params.proxyBypassList !== undefined) {
      return {
        kind: 'refuse',
        reason: 'a browser context cannot set its own proxy: all traffic of a remote browser goes through the platform',
      };
    }
    return { kind: 'forward' };
  }
  if (method === 'Page.navigate' || method === 'Target.createTarget') {
    return judgeNavigation(params.url, options);
  }
  return { kind: 'forward' };
}

async function judgeNavigation(target: unknown, options: CommandPolicyOptions): Promise<CommandVerdict> {
  if (typeof target !== 'string' || target === '') return { kind: 'forward' };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { kind: 'forward' };
  }
  if (REFUSED_SCHEMES.has(url.protocol))
    return { kind: 'refuse', reason: `navigation to ${url.protocol} URLs is not allowed` };
  if (
    (url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:' || url.protocol === 'wss:') &&
    !options.allowPrivateTargets
  ) {
    if (await reachesPrivateAddress(url.hostname)) {
      return {
        kind: 'refuse',
        reason: `navigation to a private, loopback or link-local address is not allowed: ${url.hostname}`,
      };
    }
  }
  return { kind: 'forward' };
}
