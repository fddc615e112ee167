import { ErrorCode, type LocationOption } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

export interface LocationProfile {
  country: string;
  languages: string[];
  timeZone: string;
}

// Countries spanning several time zones: the zone where most of their people live. The others have one
// zone, or one that Intl lists first.
const MAIN_TIME_ZONE: Record<string, string> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  RU: 'Europe/Moscow',
  AU: 'Australia/Sydney',
  CN: 'Asia/Shanghai',
  ID: 'Asia/Jakarta',
  KZ: 'Asia/Almaty',
  AR: 'America/Argentina/Buenos_Aires',
  CL: 'America/Santiago',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  DE: 'Europe/Berlin',
  NZ: 'Pacific/Auckland',
  CD: 'Africa/Kinshasa',
  UA: 'Europe/Kyiv',
};

/** Time zones of a region as ICU knows them (`Intl.Locale#timeZones`, not yet in the TypeScript library). */
function timeZonesOf(country: string): string[] {
  const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & { timeZones?: string[] };
  return locale.timeZones ?? [];
}

/**
 * Language and time zone that a visitor from `location.country` would have, from ICU's likely-subtags and
 * region data; `languages` given by the caller win.
 */
export function locationProfile(location: LocationOption): LocationProfile {
  const country = (location.country ?? 'US').toUpperCase();
  const zones = /^[A-Z]{2}$/.test(country) ? timeZonesOf(country) : [];
  const timeZone = MAIN_TIME_ZONE[country] ?? zones[0];
  if (!timeZone) {
    throw new DomainError(
      ErrorCode.BadRequest,
      `location.country must be an ISO 3166-1 alpha-2 country code, not ${country}`,
    );
  }
  const likely = new Intl.Locale(`und-${country}`).maximize();
  const languages = location.languages?.length
    ? location.languages
    : [`${likely.language}-${country}`, likely.language];
  return { country, languages, timeZone };
}
