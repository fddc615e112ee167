import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

/** The setting an operator names a search backend with, for messages that tell them what to set. */
export const SEARCH_SETTINGS_HINT =
  'set SEARCH_URL to a SearXNG instance with the JSON format enabled (search.formats: [html, json] in its settings.yml)';

export function searchNotConfigured(): DomainError {
  return new DomainError(
    ErrorCode.SearchNotConfigured,
    `Web search is not configured on this deployment: ${SEARCH_SETTINGS_HINT}`,
    { setting: 'SEARCH_URL' },
  );
}

/** The backend could not be reached or kept failing; `retryAfterMs` when it said when to come back. */
export function searchUnavailable(message: string, details: Record<string, unknown>, retryable: boolean): DomainError {
  return new DomainError(ErrorCode.SearchUnavailable, message, details, retryable);
}

export function searchTimeout(message: string, details?: Record<string, unknown>): DomainError {
  return new DomainError(ErrorCode.SearchTimeout, message, details, false);
}
