import { ErrorCode } from '@wh/contracts';
import { locationProfile } from './location-profile';

describe('locationProfile', () => {
  it.each([
    ['DE', 'Europe/Berlin', ['de-DE', 'de']],
    ['us', 'America/New_York', ['en-US', 'en']],
    ['JP', 'Asia/Tokyo', ['ja-JP', 'ja']],
    ['BR', 'America/Sao_Paulo', ['pt-BR', 'pt']],
    ['FR', 'Europe/Paris', ['fr-FR', 'fr']],
  ])('gives %s its main time zone and languages', (country, timeZone, languages) => {
    expect(locationProfile({ country })).toEqual({ country: country.toUpperCase(), timeZone, languages });
  });

  it('keeps the languages the caller gave', () => {
    expect(locationProfile({ country: 'CH', languages: ['fr-CH'] })).toMatchObject({
      timeZone: 'Europe/Zurich',
      languages: ['fr-CH'],
    });
  });

  it('refuses a code that names no country', () => {
    expect(() => locationProfile({ country: 'XX' })).toThrow(expect.objectContaining({ code: ErrorCode.BadRequest }));
  });
});
