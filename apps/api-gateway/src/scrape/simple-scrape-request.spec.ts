import 'reflect-metadata';
import type { ArgumentMetadata } from '@nestjs/common';
import { MAX_CACHE_AGE_MS, MAX_SCRAPE_TIMEOUT_MS } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { SeededRandom } from '@wh/testing';
import { createApiValidationPipe } from '../http/validation.pipe';
import { ScrapeRequestDto } from './scrape-request.dto';
import { simpleScrapeRequest } from './simple-scrape-request';

const BODY: ArgumentMetadata = { type: 'body', metatype: ScrapeRequestDto, data: undefined };

type Outcome = { built: unknown; prototype: unknown } | { code: string; message: string; details: unknown };

async function outcome(pipe: ReturnType<typeof createApiValidationPipe>, body: unknown): Promise<Outcome> {
  try {
    const built: unknown = await pipe.transform(body, BODY);
    return { built, prototype: Object.getPrototypeOf(built) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message, details: error.details };
  }
}

/** Values of each kind a field can be sent with, valid for some fields and not for others. */
const VALUES: unknown[] = [
  true,
  false,
  0,
  -0,
  1,
  -1,
  2.5,
  1_000,
  3_600_000,
  MAX_SCRAPE_TIMEOUT_MS,
  MAX_SCRAPE_TIMEOUT_MS + 1,
  MAX_CACHE_AGE_MS,
  MAX_CACHE_AGE_MS + 1,
  1e300,
  '',
  'basic',
  'enhanced',
  'stealth',
  'markdown',
  '1000',
  'true',
  null,
  [],
  ['markdown'],
  ['markdown', 'html', 'links'],
  ['markdown', 'nope'],
  [{ type: 'json', prompt: 'x' }],
  [1],
  {},
  { a: 'b' },
];

const URLS: unknown[] = [
  'https://example.com/page?cached=1',
  'example.com',
  'http://intranet/x',
  'ftp://example.com',
  'https://user:pass@example.com',
  `https://example.com/${'a'.repeat(8200)}`,
  'not a url',
  '',
  42,
  null,
  undefined,
];

const FIELDS = [
  'formats',
  'onlyMainContent',
  'maxAge',
  'minAge',
  'waitFor',
  'mobile',
  'skipTlsVerification',
  'timeout',
  'removeBase64Images',
  'blockAds',
  'proxy',
  'storeInCache',
  'zeroDataRetention',
  'origin',
  'integration',
  'includeTags',
  'headers',
  'location',
  'unknownField',
  'constructor',
  'toString',
];

/** One of `from`, `undefined` included: SeededRandom.pick refuses undefined entries, which these bodies need. */
function pick<T>(random: SeededRandom, from: readonly T[]): T {
  return from[random.int(0, from.length - 1)];
}

/** Bodies mostly valid (a url and a few simple fields of the right kind) and the rest broken in every way above. */
function bodies(count: number): unknown[] {
  const random = new SeededRandom(27);
  const generated: unknown[] = [null, [], 'text', 7, [{ url: 'https://example.com' }]];
  for (let index = 0; index < count; index += 1) {
    const body: Record<string, unknown> = {};
    if (random.next() < 0.9) body.url = random.next() < 0.7 ? URLS[0] : pick(random, URLS);
    const fieldCount = random.int(0, 3);
    for (let field = 0; field < fieldCount; field += 1) body[pick(random, FIELDS)] = pick(random, VALUES);
    generated.push(body);
  }
  return generated;
}

describe('simpleScrapeRequest', () => {
  it('gives the same instance or the same error as the full pipeline, over thousands of bodies', async () => {
    const full = createApiValidationPipe(new Map());
    const withFastPath = createApiValidationPipe();
    let taken = 0;
    for (const body of bodies(3_000)) {
      const json = JSON.stringify(body);
      if (simpleScrapeRequest(JSON.parse(json))) taken += 1;
      const expected = await outcome(full, JSON.parse(json));
      const actual = await outcome(withFastPath, JSON.parse(json));
      expect({ body: json, outcome: actual }).toStrictEqual({ body: json, outcome: expected });
    }
    // Both kinds were compared: bodies the fast path took, and bodies it sent on.
    expect(taken).toBeGreaterThan(300);
    expect(taken).toBeLessThan(2_500);
  });

  it('takes the common bodies: a url with maxAge, formats and the SDK fields', () => {
    const built = simpleScrapeRequest({
      url: 'https://example.com/a',
      maxAge: 3_600_000,
      formats: ['markdown', 'links'],
      onlyMainContent: true,
      origin: 'js-sdk',
    });
    expect(built).toBeInstanceOf(ScrapeRequestDto);
    expect(built).toMatchObject({ url: 'https://example.com/a', maxAge: 3_600_000, formats: ['markdown', 'links'] });
    expect(simpleScrapeRequest({ url: 'example.com' })?.url).toBe('http://example.com');
  });

  it('sends any other body to the full pipeline', () => {
    expect(simpleScrapeRequest({ url: 'https://example.com', actions: [] })).toBeUndefined();
    expect(simpleScrapeRequest({ url: 'https://example.com', formats: [{ type: 'json' }] })).toBeUndefined();
    expect(simpleScrapeRequest({ url: 'https://example.com', maxAge: '1000' })).toBeUndefined();
    expect(simpleScrapeRequest({ url: 'https://u:p@example.com' })).toBeUndefined();
    expect(simpleScrapeRequest({ maxAge: 1 })).toBeUndefined();
  });
});
