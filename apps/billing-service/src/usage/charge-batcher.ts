import type { ChargeRecord } from '../ledger/ledger.repository';

interface Waiting {
  charges: ChargeRecord[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for usage messages: the charges of every message that arrives within `windowMs` of the first are
 * written in one transaction, and each message's handler resolves once its charges are committed (so its ack still
 * follows the commit). Exactly once is the ledger's: every charge keeps its event id as idempotency key. When a group
 * fails, each message is written alone, so one charge the database refuses fails only its own message.
 */
export class ChargeBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (charges: ChargeRecord[]) => Promise<void>,
    private readonly windowMs: number,
  ) {}

  /** Resolves when `charges` are committed, with whatever else arrived in the same window. */
  add(charges: ChargeRecord[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ charges, resolve, reject });
      this.timer ??= setTimeout(() => void this.flush(), this.windowMs);
    });
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const group = this.waiting;
    this.waiting = [];
    try {
      await this.write(group.flatMap((entry) => entry.charges));
      for (const entry of group) entry.resolve();
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      for (const entry of group) await this.write(entry.charges).then(entry.resolve, entry.reject);
    }
  }
}
