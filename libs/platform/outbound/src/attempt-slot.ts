import type { Semaphore } from './semaphore';

/** A slot for one attempt, and the signal the attempt runs under. Call `release` when the attempt is over. */
export interface AttemptSlot {
  signal: AbortSignal;
  timeoutMs: number;
  release: () => void;
}

/** Why no attempt may start: the caller's time is up, or no slot became free before the attempt's timeout. */
export type NoAttemptSlot =
  { refused: 'no-time-left'; timeLeftMs: number } | { refused: 'no-free-slot'; timeoutMs: number };

/**
 * Waits for a slot of `semaphore` for one attempt of an outbound call. The attempt's signal ends at the client's own
 * `timeoutMs`, at the caller's `deadlineAt` or with the caller's `signal`, whichever comes first, and so does the wait.
 */
export async function acquireAttemptSlot(
  semaphore: Semaphore,
  limits: { timeoutMs: number; deadlineAt: number; signal?: AbortSignal },
): Promise<AttemptSlot | NoAttemptSlot> {
  const left = limits.deadlineAt - Date.now();
  if (left <= 0 || limits.signal?.aborted) return { refused: 'no-time-left', timeLeftMs: Math.max(0, left) };
  const timeoutMs = Math.min(limits.timeoutMs, left);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = limits.signal ? AbortSignal.any([limits.signal, timeout]) : timeout;
  try {
    return { signal, timeoutMs, release: await semaphore.acquire(signal) };
  } catch {
    return { refused: 'no-free-slot', timeoutMs };
  }
}

/**
 * The message and details a client's timeout error gives for a refused attempt, so every outbound client words it
 * the same way. `call` names the call in a sentence ("the LLM call"), `slot` names its slots ("LLM").
 */
export function describeNoAttemptSlot(
  refusal: NoAttemptSlot,
  names: { call: string; slot: string },
  maxConcurrency: number | undefined,
): { message: string; details: Record<string, number | undefined> } {
  return refusal.refused === 'no-time-left'
    ? { message: `no time was left for ${names.call}`, details: { timeLeftMs: refusal.timeLeftMs } }
    : {
        message: `no ${names.slot} slot became free within ${refusal.timeoutMs} ms`,
        details: { timeoutMs: refusal.timeoutMs, maxConcurrency },
      };
}
