import { EgressGuard, type EgressGuardSettings } from './egress-guard';
import { parseAuthority } from './destination';

/**
 * The guards of one process: one for direct traffic, and one per operator proxy (a browser context with a proxy
 * of its own would otherwise go around the direct guard), each started on first use and kept.
 */
export class EgressGuards {
  private readonly chained = new Map<string, Promise<EgressGuard>>();

  private constructor(
    readonly direct: EgressGuard,
    private readonly settings: Omit<EgressGuardSettings, 'upstream'>,
  ) {}

  static async start(settings: Omit<EgressGuardSettings, 'upstream'> = {}): Promise<EgressGuards> {
    return new EgressGuards(await EgressGuard.start(settings), settings);
  }

  /** The guard whose checked connections go out through the proxy at `proxyServer` (`host:port`). */
  through(proxyServer: string): Promise<EgressGuard> {
    let guard = this.chained.get(proxyServer);
    if (!guard) {
      const { host, port } = parseAuthority(proxyServer);
      const upstream = { host: host.replace(/^\[|\]$/g, ''), port };
      guard = EgressGuard.start({ ...this.settings, upstream });
      this.chained.set(proxyServer, guard);
      // A failed start is not kept: the next scrape through that proxy tries again.
      guard.catch(() => this.chained.delete(proxyServer));
    }
    return guard;
  }

  async close(): Promise<void> {
    const chained = await Promise.allSettled(this.chained.values());
    this.chained.clear();
    await Promise.all([
      this.direct.close(),
      ...chained.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.close() : undefined)),
    ]);
  }
}
