import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { toFetchError } from './fetch-errors';

const withCode = (code: string, message = code): Error => Object.assign(new Error(message), { code });

describe('toFetchError', () => {
  it.each([
    [withCode('ENOTFOUND'), ErrorCode.ScrapeDnsResolutionError],
    [withCode('EAI_AGAIN'), ErrorCode.ScrapeDnsResolutionError],
    [withCode('UND_ERR_CONNECT_TIMEOUT'), ErrorCode.ScrapeTimeout],
    [withCode('UND_ERR_HEADERS_TIMEOUT'), ErrorCode.ScrapeTimeout],
    [withCode('DEPTH_ZERO_SELF_SIGNED_CERT'), ErrorCode.ScrapeSslError],
    [withCode('CERT_HAS_EXPIRED'), ErrorCode.ScrapeSslError],
    [withCode('ERR_TLS_CERT_ALTNAME_INVALID'), ErrorCode.ScrapeSslError],
    [withCode('ERR_SSL_WRONG_VERSION_NUMBER'), ErrorCode.ScrapeSslError],
    [withCode('ECONNREFUSED'), ErrorCode.ScrapeSiteError],
    [withCode('ECONNRESET'), ErrorCode.ScrapeSiteError],
    [withCode('UND_ERR_SOCKET'), ErrorCode.ScrapeSiteError],
    [new Error('no code'), ErrorCode.ScrapeSiteError],
    ['a string', ErrorCode.ScrapeSiteError],
  ])('maps %p', (error, expected) => {
    expect(toFetchError(error, 'https://example.com/')).toMatchObject({ code: expected });
  });

  it('looks through the cause chain', () => {
    const wrapped = new Error('fetch failed', { cause: withCode('ENOTFOUND') });
    expect(toFetchError(wrapped, 'https://example.com/').code).toBe(ErrorCode.ScrapeDnsResolutionError);
  });

  it('keeps a DomainError raised inside the connection', () => {
    const forbidden = new DomainError(ErrorCode.ScrapeTargetForbidden, 'no');
    expect(toFetchError(new Error('connect failed', { cause: forbidden }), 'https://example.com/')).toBe(forbidden);
  });
});
