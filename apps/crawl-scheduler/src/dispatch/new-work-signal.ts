import { Injectable } from '@nestjs/common';

/**
 * Tells this replica's scheduler loop that a job was just created here, so that its next pass comes now rather than
 * after the longer wait of a replica with nothing to do.
 */
@Injectable()
export class NewWorkSignal {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` on every signal until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  signal(): void {
    for (const listener of this.listeners) listener();
  }
}
