import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_BASE_FLAGS } from '@wh/platform/chromium';
import { chromiumEgressFlags } from '@wh/platform/egress-guard';

export interface ChromiumLaunchSettings {
  executablePath: string;
  /** `--host-resolver-rules` value, e.g. `MAP *.test 127.0.0.1` for tests; empty for none. */
  hostResolverRules: string;
  /** Marks the browser as this process's (ChromiumOwner), so a successor can reap it after a SIGKILL. */
  ownerFlag: string;
  /** The profile folder, made and removed by the caller. */
  userDataDir: string;
  /** `host:port` of the egress guard all the browser's traffic goes through; unset when private targets are allowed. */
  egressProxy?: string;
  /** Also serve DevTools on a random loopback port, for a diagnosing client (BROWSER_DEVTOOLS_PORT). */
  devtoolsPort?: boolean;
}

const FLAGS = [...CHROMIUM_BASE_FLAGS, '--mute-audio', '--hide-scrollbars'];

/**
 * Starts one headless Chromium on the given profile folder. DevTools goes over a pipe rather than a port: Chromium
 * quits when the pipe closes, which the kernel does when this process dies, SIGKILL and the OOM killer included.
 */
export async function launchChromium(settings: ChromiumLaunchSettings): Promise<Browser> {
  const args = [
    ...FLAGS,
    ...(settings.hostResolverRules ? [`--host-resolver-rules=${settings.hostResolverRules}`] : []),
    ...(settings.egressProxy ? chromiumEgressFlags(settings.egressProxy) : []),
    ...(settings.devtoolsPort ? ['--remote-debugging-port=0'] : []),
  ];
  return puppeteer.launch({
    executablePath: settings.executablePath,
    headless: true,
    args: [...args, settings.ownerFlag, `--user-data-dir=${settings.userDataDir}`],
    pipe: true,
    // The service handles its own signals and shuts the pool down in order.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: 60_000,
  });
}
