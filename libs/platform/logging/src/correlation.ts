import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface CorrelationScope {
  correlationId: string;
}

const storage = new AsyncLocalStorage<CorrelationScope>();

/** Runs `work` with `correlationId` attached to every log line and outgoing message inside it. */
export function withCorrelationId<T>(correlationId: string | undefined, work: () => T): T {
  return storage.run({ correlationId: correlationId || randomUUID() }, work);
}

/** The correlation id of the work in progress, if any. */
export function currentCorrelationId(): string | undefined {
  return storage.getStore()?.correlationId;
}
