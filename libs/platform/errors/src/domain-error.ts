import { ErrorCode, type WireError } from '@wh/contracts';

/**
 * An expected failure with a wire code. Workers throw these; the gateway maps codes to HTTP statuses in
 * one filter, and consumers map them to ack / nak / term through `retryable`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Whether trying the same message again may succeed (a dependency was down, not a bad request). */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toWire(): WireError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static fromWire(wire: WireError): DomainError {
    return new DomainError(wire.code, wire.message, wire.details);
  }
}

/** Wraps anything thrown into a DomainError; unknown failures become retryable internal errors. */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new DomainError(ErrorCode.Internal, message, undefined, true);
}
