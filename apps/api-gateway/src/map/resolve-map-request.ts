import { ErrorCode, type LocationOption, type SiteMapRequest } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { MapRequestDto } from './map-request.dto';

/** A map without `timeout` gets this long; a large sitemap index takes seconds, not minutes. */
export const DEFAULT_MAP_TIMEOUT_MS = 60_000;
export const DEFAULT_MAP_LIMIT = 5_000;

/** The languages a visitor from `location` asks for: the caller's, else the country's likely language. */
function languagesOf(location: LocationOption): string[] | undefined {
  if (location.languages?.length) return location.languages;
  if (location.country === undefined) return undefined;
  if (!/^[A-Za-z]{2}$/.test(location.country)) {
    throw new DomainError(ErrorCode.BadRequest, 'Bad Request: location.country must be an ISO 3166-1 alpha-2 code', [
      { path: 'location.country', message: 'country must be an ISO 3166-1 alpha-2 code such as US or DE' },
    ]);
  }
  const country = location.country.toUpperCase();
  const language = new Intl.Locale(`und-${country}`).maximize().language;
  return [`${language}-${country}`, language];
}

/** Applies Firecrawl's defaults to a POST /v2/map body. */
export function resolveMapRequest(
  body: MapRequestDto,
  teamId: string,
  now: number,
): { request: SiteMapRequest; timeoutMs: number } {
  const timeoutMs = body.timeout ?? DEFAULT_MAP_TIMEOUT_MS;
  const languages = body.location ? languagesOf(body.location) : undefined;
  return {
    timeoutMs,
    request: {
      teamId,
      url: body.url,
      ...(body.search?.trim() ? { search: body.search.trim() } : {}),
      sitemap: body.sitemap ?? 'include',
      includeSubdomains: body.includeSubdomains ?? true,
      ignoreQueryParameters: body.ignoreQueryParameters ?? true,
      limit: body.limit ?? DEFAULT_MAP_LIMIT,
      deadlineAt: now + timeoutMs,
      ...(body.headers ? { headers: body.headers } : {}),
      ...(languages ? { languages } : {}),
    },
  };
}
