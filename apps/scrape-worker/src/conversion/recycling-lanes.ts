/** How the workers of {@link RecyclingLanes} are started and stopped. */
export interface LaneWorkers<T> {
  start(): T;
  stop(worker: T): Promise<void>;
}

interface Lane<T> {
  worker: T;
  /** Tasks this worker may still be handed before it is replaced. */
  left: number;
  inFlight: number;
  retired: boolean;
  stopping: boolean;
}

/**
 * A fixed number of workers, each replaced by a fresh one once it was handed `tasksPerWorker` tasks. A task goes to
 * the worker with the fewest tasks in flight; a replaced worker finishes the tasks it holds and is stopped after the
 * last, while its replacement already takes new ones. The first workers are replaced after an even share of that
 * each (the first after 1/count of it, the last after all of it), so the lanes are replaced one at a time, evenly
 * spread: a worker's memory grows over its life, and lanes replaced together would add their growth into one peak.
 */
export class RecyclingLanes<T> {
  private readonly lanes: Lane<T>[];
  /** Replaced workers still finishing their tasks. */
  private readonly finishing = new Set<Lane<T>>();
  private readonly stopping = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    count: number,
    private readonly tasksPerWorker: number,
    private readonly workers: LaneWorkers<T>,
  ) {
    const lanes = Math.max(1, count);
    this.lanes = Array.from({ length: lanes }, (_, index) =>
      this.fresh(Math.ceil((tasksPerWorker * (index + 1)) / lanes)),
    );
  }

  async run<R>(task: (worker: T) => Promise<R>): Promise<R> {
    if (this.stopped) throw new Error('the workers were stopped');
    const index = this.leastBusy();
    let lane = this.lanes[index];
    if (lane.left <= 0) {
      this.retire(lane);
      lane = this.fresh(this.tasksPerWorker);
      this.lanes[index] = lane;
    }
    lane.left -= 1;
    lane.inFlight += 1;
    try {
      return await task(lane.worker);
    } finally {
      lane.inFlight -= 1;
      if (lane.retired && lane.inFlight === 0) this.stopWorker(lane);
    }
  }

  /** Stops every worker now, those still finishing the tasks of a replaced one included (their tasks fail). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const lane of [...this.lanes, ...this.finishing]) this.stopWorker(lane);
    await Promise.all(this.stopping);
  }

  private fresh(tasks: number): Lane<T> {
    return { worker: this.workers.start(), left: tasks, inFlight: 0, retired: false, stopping: false };
  }

  private leastBusy(): number {
    let best = 0;
    for (let index = 1; index < this.lanes.length; index += 1)
      if (this.lanes[index].inFlight < this.lanes[best].inFlight) best = index;
    return best;
  }

  private retire(lane: Lane<T>): void {
    lane.retired = true;
    if (lane.inFlight === 0) this.stopWorker(lane);
    else this.finishing.add(lane);
  }

  private stopWorker(lane: Lane<T>): void {
    if (lane.stopping) return;
    lane.stopping = true;
    this.finishing.delete(lane);
    // A worker that fails to stop has no tasks left to lose; its replacement is already working.
    const stopping = this.workers
      .stop(lane.worker)
      .catch(() => undefined)
      .finally(() => this.stopping.delete(stopping));
    this.stopping.add(stopping);
  }
}
