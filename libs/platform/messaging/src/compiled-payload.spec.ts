import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ScrapeJobCommand, ScrapeJobFinishedEvent, UsageBatchRecordedEvent, UsageRecordedEvent } from '@wh/contracts';
import { compiledDecode } from './compiled-payload';

type PayloadClass = new () => object;

const JOB_ID = '3f2b8a4e-8c1d-4f6a-9b7e-2d5c1a0e9f11';
const KEY_ID = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

const OPTIONS = {
  formats: ['markdown'],
  onlyMainContent: true,
  includeTags: [],
  excludeTags: ['nav'],
  maxAge: 3_600_000,
  headers: {},
  skipTlsVerification: false,
  timeout: 30_000,
  removeBase64Images: true,
  storeInCache: true,
  zeroDataRetention: false,
};

const CHARGE = {
  eventId: `scrape:${JOB_ID}`,
  teamId: 'team-1',
  kind: 'scrape',
  jobId: JOB_ID,
  apiKeyId: KEY_ID,
  credits: 1,
  occurredAt: '2026-11-28T07:00:00.000Z',
};

/** A valid payload of each class the services decode on their hottest paths. */
const VALID: [PayloadClass, Record<string, unknown>][] = [
  [
    ScrapeJobCommand,
    {
      jobId: JOB_ID,
      teamId: 'team-1',
      apiKeyId: KEY_ID,
      url: 'https://example.com/a',
      origin: 'direct',
      resultRoute: 'abcDEF123_-',
      options: OPTIONS,
      deadlineAt: 1_790_000_000_000,
    },
  ],
  [
    ScrapeJobCommand,
    {
      jobId: JOB_ID,
      teamId: 'team-1',
      url: 'https://example.com/b',
      origin: 'scheduled',
      options: {
        ...OPTIONS,
        screenshot: { fullPage: true, quality: 80, viewport: { width: 1280, height: 800 } },
        actions: [{ type: 'wait', milliseconds: 100 }],
        location: { country: 'DE', languages: ['de'] },
        headers: { 'x-a': 'b' },
      },
      deadlineAt: 1,
      discoverLinks: true,
      discoveryScope: {
        startUrl: 'https://example.com',
        crawlEntireDomain: false,
        allowSubdomains: false,
        allowExternalLinks: false,
        includePaths: [],
        excludePaths: ['/x'],
        regexOnFullURL: false,
      },
    },
  ],
  [
    ScrapeJobFinishedEvent,
    {
      jobId: JOB_ID,
      teamId: 'team-1',
      status: 'completed',
      credits: 1,
      document: { markdown: '# a', metadata: { url: 'https://example.com', statusCode: 200, tags: [{ a: 1 }] } },
      discoveredLinks: ['https://example.com/c'],
    },
  ],
  [ScrapeJobFinishedEvent, { jobId: JOB_ID, teamId: 't', status: 'completed', credits: 1, documentJson: '{"a":1}' }],
  [ScrapeJobFinishedEvent, { jobId: JOB_ID, teamId: 't', status: 'failed', error: { code: 'X', message: 'm' } }],
  [UsageRecordedEvent, CHARGE],
  [UsageBatchRecordedEvent, { charges: [CHARGE, { ...CHARGE, eventId: 'scrape:other', tokens: 12 }] }],
];

/** Values a field may be replaced with, valid in some places and not in others. */
const REPLACEMENTS: unknown[] = [
  null,
  'text',
  '',
  0,
  -1,
  1.5,
  true,
  [],
  ['markdown'],
  [1],
  {},
  { constructor: 'x' },
  { toString: 'x' },
  { nested: { hasOwnProperty: 1 } },
  [{ a: 1 }],
  JOB_ID,
  '2026-11-28T07:00:00.000Z',
  'not a date',
];

const EXTRA_KEYS = ['unknownField', 'constructor', 'toString', 'valueOf'];

/** mulberry32: a fixed sequence, so a failing payload can be found again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(next: () => number, from: readonly T[]): T {
  return from[Math.floor(next() * from.length)];
}

/** Sets or deletes the field at a random path of `payload` (a copy), or adds an extra key. */
function mutate(next: () => number, payload: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (let depth = 0; depth < 3; depth += 1) {
    const keys = Object.keys(target);
    const key = pick(next, keys);
    const child = target[key];
    if (keys.length === 0) break;
    if (typeof child === 'object' && child !== null && next() < 0.5) target = child as Record<string, unknown>;
    else {
      const roll = next();
      if (roll < 0.15) delete target[key];
      else if (roll < 0.3) target[pick(next, EXTRA_KEYS)] = pick(next, REPLACEMENTS);
      else target[key] = pick(next, REPLACEMENTS);
      break;
    }
  }
  return copy;
}

/** What the codec did before: the instance, or undefined when it failed validation (or class-transformer threw). */
async function fullDecode(payloadClass: PayloadClass, plain: unknown): Promise<object | undefined> {
  let instance: object;
  try {
    instance = plainToInstance(payloadClass, plain);
  } catch {
    return undefined;
  }
  return (await validate(instance)).length === 0 ? instance : undefined;
}

describe('compiledDecode', () => {
  it('builds what class-transformer and class-validator build and pass, and nothing they refuse', async () => {
    const next = random(27);
    let taken = 0;
    let refusedByBoth = 0;
    let compared = 0;
    for (let round = 0; round < 4_000; round += 1) {
      const [payloadClass, valid] = round < VALID.length ? (VALID[round] ?? VALID[0]) : pick(next, VALID);
      const payload = round < VALID.length || next() < 0.2 ? valid : mutate(next, valid);
      const json = JSON.stringify(payload);
      const expected = await fullDecode(payloadClass, JSON.parse(json));
      const actual = compiledDecode(payloadClass, JSON.parse(json));
      compared += 1;
      if (actual === undefined) {
        if (expected === undefined) refusedByBoth += 1;
        continue;
      }
      taken += 1;
      expect({ json, decoded: actual }).toStrictEqual({ json, decoded: expected });
    }
    // The compiled path took most valid payloads, and every payload both refused was sent to the full pipeline.
    expect(compared).toBe(4_000);
    expect(taken).toBeGreaterThan(1_000);
    expect(refusedByBoth).toBeGreaterThan(500);
  });

  it('takes the hot payloads as they travel', () => {
    for (const [payloadClass, valid] of VALID) {
      expect(compiledDecode(payloadClass, JSON.parse(JSON.stringify(valid)))).toBeInstanceOf(payloadClass);
    }
    const job = compiledDecode(ScrapeJobCommand, JSON.parse(JSON.stringify(VALID[1]?.[1])));
    expect(job?.options.screenshot?.viewport?.constructor.name).toBe('ViewportOption');
  });

  it('leaves to the full pipeline what it does not reproduce', () => {
    expect(compiledDecode(UsageRecordedEvent, { ...CHARGE, credits: -1 })).toBeUndefined();
    expect(compiledDecode(UsageRecordedEvent, { ...CHARGE, constructor: 'x' })).toBeUndefined();
    expect(compiledDecode(UsageRecordedEvent, JSON.parse('{"__proto__":{"credits":1}}'))).toBeUndefined();
    expect(compiledDecode(UsageBatchRecordedEvent, { charges: [CHARGE, 'charge'] })).toBeUndefined();
    expect(compiledDecode(Object as PayloadClass, {})).toBeUndefined();
  });
});
