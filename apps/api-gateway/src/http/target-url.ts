import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { isURL, IsString, IsUrl, MaxLength } from 'class-validator';

/** Longest URL the API takes, as Firecrawl does. */
export const MAX_URL_LENGTH = 8192;

/**
 * What every URL the API is given must be: http(s), scheme included, hosts without a TLD (intranets) allowed, and no
 * user name or password: those would travel into job rows, logs and the error messages that quote the URL.
 */
const HTTP_URL_RULES = {
  protocols: ['http', 'https'],
  require_protocol: true,
  require_tld: false,
  disallow_auth: true,
};

/** Firecrawl prepends a scheme to scheme-less URLs; anything else is validated as given. */
export function withScheme({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(value.trim()) ? `http://${value.trim()}` : value;
}

/** A URL of a list (batch URLs, extract URLs), checked by the same rules as a single `url` field. */
export function isHttpUrl(url: string): boolean {
  return url.length <= MAX_URL_LENGTH && isURL(url, HTTP_URL_RULES);
}

/** An http(s) URL field of at most 8192 characters, named in the error as `field`. */
export function HttpUrl(field: string): PropertyDecorator {
  return applyDecorators(
    IsString(),
    MaxLength(MAX_URL_LENGTH),
    IsUrl(HTTP_URL_RULES, { message: `${field} must be an http or https URL without a user name or password` }),
  );
}

/** A body's target `url`: a scheme added where missing, as Firecrawl does, then {@link HttpUrl}. */
export function TargetUrl(): PropertyDecorator {
  return applyDecorators(Transform(withScheme), HttpUrl('url'));
}
