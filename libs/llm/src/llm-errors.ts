import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

/** The server could not be reached or kept failing; `retryable` when trying later may help. */
export function llmUnavailable(message: string, details: Record<string, unknown>, retryable: boolean): DomainError {
  return new DomainError(ErrorCode.LlmUnavailable, message, details, retryable);
}

export function llmTimeout(message: string, details?: Record<string, unknown>): DomainError {
  return new DomainError(ErrorCode.LlmTimeout, message, details, false);
}

export function llmOutputInvalid(message: string, details: Record<string, unknown>): DomainError {
  return new DomainError(ErrorCode.LlmOutputInvalid, message, details, false);
}
