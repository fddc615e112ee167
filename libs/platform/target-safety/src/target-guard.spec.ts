import type { LookupAddress } from 'node:dns';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { assertAllowedTarget, guardedLookup, type Resolver } from './target-guard';

function check(url: string, allowPrivateTargets = false): ErrorCode | 'allowed' {
  try {
    assertAllowedTarget(new URL(url), allowPrivateTargets);
    return 'allowed';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('assertAllowedTarget', () => {
  it.each([
    'https://example.com/',
    'http://example.com:8080/path?q=1',
    'http://8.8.8.8/',
    'http://[2606:4700:4700::1111]/',
    'http://localhost.example.com/',
  ])('allows %s', (url) => {
    expect(check(url)).toBe('allowed');
  });

  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://app.localhost/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://192.168.0.10:8080/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
  ])('refuses %s', (url) => {
    expect(check(url)).toBe(ErrorCode.ScrapeTargetForbidden);
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'gopher://example.com/', 'data:text/html,hi', 'javascript:x'])(
    'refuses the scheme of %s even when private targets are allowed',
    (url) => {
      expect(check(url, true)).toBe(ErrorCode.ScrapeTargetForbidden);
    },
  );

  it('allows private targets when told to', () => {
    expect(check('http://127.0.0.1:3000/', true)).toBe('allowed');
    expect(check('http://localhost/', true)).toBe('allowed');
  });
});

describe('guardedLookup', () => {
  const answers: Record<string, LookupAddress[]> = {
    'public.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ],
    'mixed.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ],
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  };
  const resolver: Resolver = (hostname, _options, callback) => {
    const found = answers[hostname];
    if (found) callback(null, found);
    else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  };

  function lookup(hostname: string, all: boolean, allowPrivateTargets = false) {
    return new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>(
      (resolve) => {
        guardedLookup(resolver, allowPrivateTargets)(hostname, { all }, (error, address, family) =>
          resolve({ error, address, family }),
        );
      },
    );
  }

  it('passes public answers through in both callback shapes', async () => {
    await expect(lookup('public.test', true)).resolves.toEqual({ error: null, address: answers['public.test'] });
    await expect(lookup('public.test', false)).resolves.toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it('refuses a name when any of its addresses is not public', async () => {
    const mixed = await lookup('mixed.test', true);
    expect(mixed.error).toBeInstanceOf(DomainError);
    expect(mixed.error).toMatchObject({ code: ErrorCode.ScrapeTargetForbidden, details: { address: '10.0.0.5' } });
    await expect(lookup('metadata.test', false)).resolves.toMatchObject({
      error: { code: ErrorCode.ScrapeTargetForbidden },
    });
  });

  it('lets private answers through when private targets are allowed', async () => {
    await expect(lookup('metadata.test', false, true)).resolves.toEqual({
      error: null,
      address: '169.254.169.254',
      family: 4,
    });
  });

  it('passes resolver errors on', async () => {
    await expect(lookup('missing.test', true)).resolves.toMatchObject({ error: { code: 'ENOTFOUND' } });
  });
});
