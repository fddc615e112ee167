import type { DiscoveredUrl } from './discovered-urls';

/** How a crawl reads one link: the page's key and where it is fetched, or null when the crawl does not take it. */
export type LinkReading = { key: string; url: DiscoveredUrl } | null;

/** One crawl's readings of absolute links, which start over once they reach their capacity. */
export class JobLinkReadings {
  private readonly readings = new Map<string, LinkReading>();

  constructor(private readonly capacity: number) {}

  get(link: string): LinkReading | undefined {
    return this.readings.get(link);
  }

  remember(link: string, reading: LinkReading): void {
    if (this.readings.size >= this.capacity) this.readings.clear();
    this.readings.set(link, reading);
  }
}

/**
 * Readings of links kept per crawl across its pages. A site repeats its navigation, sidebar and footer on every page,
 * so most of a page's links (on a news page, over 200 of some 240) were read for an earlier page already, and parsing
 * each as a URL again was most of the scheduler's work on a page's links. Nothing here is state another replica needs:
 * a reading is a pure function of the link and the crawl's options. Bounded: the crawl read least recently goes first.
 */
export class LinkReadings {
  private readonly jobs = new Map<string, JobLinkReadings>();

  constructor(
    private readonly maxJobs = 32,
    private readonly perJob = 20_000,
  ) {}

  of(jobId: string): JobLinkReadings {
    let readings = this.jobs.get(jobId);
    if (readings) {
      // Map order is insertion order: taking the entry out and back in makes it the most recent.
      this.jobs.delete(jobId);
    } else {
      readings = new JobLinkReadings(this.perJob);
      const oldest = this.jobs.keys().next();
      if (this.jobs.size >= this.maxJobs && !oldest.done) this.jobs.delete(oldest.value);
    }
    this.jobs.set(jobId, readings);
    return readings;
  }
}
