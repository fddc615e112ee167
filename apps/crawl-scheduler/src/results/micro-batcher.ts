interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Hands items that arrive while a batch is in work to the next batch together, one batch at a time: under load many
 * results share one transaction. An item that finds the batcher idle waits `lingerMs` for others to join it (none
 * when 0: a lone item is processed at once); items that gathered while a batch was in work waited for it already and
 * go at once. Each submitter's promise settles with its batch, so a message is acknowledged only after its batch
 * committed.
 */
export class MicroBatcher<T> {
  private readonly waiting: Waiting<T>[] = [];
  private running = false;
  private lingering: NodeJS.Timeout | undefined;

  constructor(
    private readonly processBatch: (items: T[]) => Promise<void>,
    private readonly maxBatch: number,
    private readonly lingerMs = 0,
  ) {}

  submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.running) return;
      if (this.lingerMs > 0 && this.waiting.length < this.maxBatch)
        this.lingering ??= setTimeout(() => this.startNext(), this.lingerMs);
      else this.startNext();
    });
  }

  private startNext(): void {
    clearTimeout(this.lingering);
    this.lingering = undefined;
    if (this.running || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.maxBatch);
    this.running = true;
    void this.run(batch).finally(() => {
      this.running = false;
      this.startNext();
    });
  }

  private async run(batch: Waiting<T>[]): Promise<void> {
    try {
      await this.processBatch(batch.map((entry) => entry.item));
      for (const entry of batch) entry.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One item that cannot be processed must not hold back the others: each gets an attempt of its own.
      for (const entry of batch) await this.run([entry]);
    }
  }
}
