import { rssMb } from './process-readings';

/** The lowest and highest RSS (MB) of one process read at any poll after the first tenth of the pages. */
export interface SettledRange {
  lowest: number;
  highest: number;
}

/**
 * Resident memory of each service before a crawl and at every tenth of it, so that "flat" is a row of figures
 * rather than a before and after that cannot tell warm-up from a leak; and its range over every poll after the first
 * tenth, since ten samples can miss the peaks of a saw-tooth between them (or catch its troughs).
 */
export class MemoryTimeline {
  static readonly STEPS = 10;
  /** RSS in MB per process: index 0 before the crawl, index n after n tenths of the pages. */
  readonly samples = new Map<string, number[]>();
  readonly settled = new Map<string, SettledRange>();
  private stepsTaken = 0;

  constructor(
    private readonly pids: Record<string, number | undefined>,
    private readonly pages: number,
  ) {
    this.record();
  }

  /** Records one sample for each tenth of the pages that `completed` passed since the last call. */
  observe(completed: number): void {
    if (this.stepsTaken >= 1) this.widenSettled();
    while (
      this.stepsTaken < MemoryTimeline.STEPS &&
      completed >= ((this.stepsTaken + 1) * this.pages) / MemoryTimeline.STEPS
    ) {
      this.stepsTaken += 1;
      this.record();
    }
  }

  private record(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      this.samples.set(name, [...(this.samples.get(name) ?? []), rssMb(pid)]);
    }
  }

  private widenSettled(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const mb = rssMb(pid);
      const range = this.settled.get(name);
      this.settled.set(
        name,
        range
          ? { lowest: Math.min(range.lowest, mb), highest: Math.max(range.highest, mb) }
          : { lowest: mb, highest: mb },
      );
    }
  }
}
