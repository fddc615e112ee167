import { Inject, Injectable } from '@nestjs/common';
import { ResourceFetcher } from '../resources/resource-fetcher';
import { RobotsRules, robotsUrlOf } from './robots-rules';
import { RobotsRulesRepository } from './robots-rules.repository';

/** Rules kept in memory per replica; a crawl touches few origins, so this bounds only pathological crawls. */
const MAX_CACHED_ORIGINS = 2_000;

/**
 * robots.txt per job and origin, fetched once and kept in Postgres so every replica (and a restarted one)
 * reads the same rules without fetching again. Each replica also keeps the parsed rules in memory: every
 * discovered link is checked against them. Concurrent first reads in one process share one load.
 */
@Injectable()
export class RobotsCache {
  private readonly rules = new Map<string, Promise<RobotsRules>>();

  constructor(
    @Inject(RobotsRulesRepository) private readonly bodies: RobotsRulesRepository,
    @Inject(ResourceFetcher) private readonly fetcher: ResourceFetcher,
  ) {}

  rulesFor(jobId: string, url: URL): Promise<RobotsRules> {
    const key = `${jobId} ${url.origin}`;
    const cached = this.rules.get(key);
    if (cached) return cached;
    const loading = this.load(jobId, url);
    // A failed load (a retryable NATS error) is not remembered: the next link tries again.
    loading.catch(() => this.rules.delete(key));
    if (this.rules.size >= MAX_CACHED_ORIGINS) this.rules.delete(this.rules.keys().next().value ?? '');
    this.rules.set(key, loading);
    return loading;
  }

  private async load(jobId: string, url: URL): Promise<RobotsRules> {
    const robotsUrl = robotsUrlOf(url);
    const stored = await this.bodies.find(jobId, url.origin);
    if (stored !== undefined) return new RobotsRules(robotsUrl, stored);
    const fetched = await this.fetcher.fetch(robotsUrl);
    // A missing or unreadable robots.txt allows everything.
    const body = fetched && fetched.statusCode < 400 ? fetched.text : '';
    return new RobotsRules(robotsUrl, await this.bodies.keepFirst(jobId, url.origin, body));
  }
}
