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

/**
 * SQLSTATEs of database failures that pass by themselves: the transaction lost a serialization or a deadlock to another
 * one, a lock or statement timed out, the server is shutting down, starting or out of connections, or the connection
 * broke (class 08).
 */
const TRANSIENT_DATABASE_STATES = /^(40001|40P01|55P03|57014|57P0[1-3]|53300|08[0-9A-Z]{3})$/;

/** How long a client is asked to wait before trying again after a temporary database failure. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

/**
 * Wraps anything thrown into a DomainError: a temporary database failure becomes a retryable `ServiceUnavailable`
 * (a 503 with Retry-After at the API, not a 500: trying again is the right answer for the client), any other unknown
 * failure a retryable internal error.
 */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (isTransientDatabaseFailure(error)) {
    return new DomainError(
      ErrorCode.ServiceUnavailable,
      `temporary database failure: ${message}`,
      { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
      true,
    );
  }
  return new DomainError(ErrorCode.Internal, message, undefined, true);
}

/** Whether `error` is the database driver's report of a temporary failure (its SQLSTATE in `code`). */
function isTransientDatabaseFailure(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && TRANSIENT_DATABASE_STATES.test(code);
}
