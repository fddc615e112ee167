import { SeededRandom } from '@wh/testing';
import { badValues, deepJson, HUNDRED_KB, type Hostile, unstorableText } from './bad-values';
import type { RawRequest } from './raw-request';
import { JSON_ROUTES, type JsonRoute, PARSE_PATH, PATH_ROUTES, type PathRoute } from './routes';

export interface HostileCase {
  /** Which kind of hostility, for grouping the results. */
  family: string;
  name: string;
  request: RawRequest;
  /** Statuses the case may get; any 4xx when absent. */
  statuses?: number[];
}

/** Above the gateway's 10 MB body limit, and just under it. */
const OVER_LIMIT_BYTES = 10 * 1024 * 1024 + 512 * 1024;
const UNDER_LIMIT_BYTES = 10 * 1024 * 1024 - 64 * 1024;

/** A version-4 UUID from the seed: an identifier no job or session has, the same on every run. */
function seededUuid(random: SeededRandom): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = (8 + random.int(0, 3)).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

function textOf(value: Hostile): string {
  return 'json' in value ? JSON.stringify(value.json) : value.text;
}

function preview(text: string): string {
  // Case names show control characters as dots, so that a report prints on one line.
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f]/g, '.');
  return flat.length > 60 ? `${flat.slice(0, 40)}…(${flat.length} chars)` : flat;
}

/** The valid body with one field replaced by a hostile value, spliced as text. */
function bodyWith(validBody: Record<string, unknown>, field: string, valueText: string): string {
  const entries = Object.entries(validBody)
    .filter(([key]) => key !== field)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  entries.push(`${JSON.stringify(field)}:${valueText}`);
  return `{${entries.join(',')}}`;
}

function jsonRequest(route: JsonRoute, apiKey: string, body: string, contentType = 'application/json'): RawRequest {
  return {
    method: route.method,
    target: route.path,
    headers: [
      ['Authorization', `Bearer ${apiKey}`],
      ['Content-Type', contentType],
    ],
    body: Buffer.from(body, 'utf8'),
  };
}

function fieldCases(route: JsonRoute, apiKey: string, random: SeededRandom): HostileCase[] {
  return Object.entries(route.fields).flatMap(([field, kind]) =>
    badValues(kind, random).map((value) => {
      const text = textOf(value);
      return {
        family: `${route.path} fields`,
        name: `${route.path} ${field}=${preview(text)}`,
        request: jsonRequest(route, apiKey, bodyWith(route.validBody, field, text)),
      };
    }),
  );
}

function structureCases(route: JsonRoute, apiKey: string, random: SeededRandom): HostileCase[] {
  const valid = JSON.stringify(route.validBody);
  const family = `${route.path} structure`;
  const withKey = (key: string, valueText: string): string => bodyWith(route.validBody, key, valueText);
  const bodies: [string, string][] = [
    ['truncated JSON', valid.slice(0, random.int(1, valid.length - 1))],
    ['trailing garbage', `${valid}}garbage`],
    ['single quotes', valid.replace(/"/g, "'")],
    ['a NaN literal', withKey('timeout', 'NaN')],
    ['a comment', `/* hi */${valid}`],
    ['an array body', `[${valid}]`],
    ['a string body', JSON.stringify(valid)],
    ['a number body', '12345'],
    ['null', 'null'],
    ['true', 'true'],
    ['an unknown field', withKey(`field${random.int(0, 99_999)}`, '1')],
    ['__proto__ holding an object', withKey('__proto__', '{"polluted":true}')],
    ['__proto__ holding a string', withKey('__proto__', '"x"')],
    ['constructor.prototype', withKey('constructor', '{"prototype":{"polluted":true}}')],
    ['toString', withKey('toString', '"x"')],
    ['valueOf', withKey('valueOf', '1')],
    ['hasOwnProperty', withKey('hasOwnProperty', 'false')],
    ['a duplicated __proto__', `{"__proto__":{},"__proto__":{},${valid.slice(1)}`],
    ['nesting 65 levels deep', withKey('nested', deepJson(random, 65))],
    ['nesting thousands of levels deep', withKey('nested', deepJson(random, random.int(2_000, 20_000)))],
    ['100 KB of unknown field', withKey('padding', JSON.stringify('p'.repeat(HUNDRED_KB)))],
    ['1,000 unknown fields', `{${Array.from({ length: 1_000 }, (_, i) => `"f${i}":${i}`).join(',')},${valid.slice(1)}`],
    ['an unstorable key', `{"a\\u0000b":1,${valid.slice(1)}`],
    ['an unstorable unknown value', withKey('note', unstorableText(random).text)],
  ];
  const cases: HostileCase[] = bodies.map(([name, body]) => ({
    family,
    name: `${route.path} ${name}`,
    request: jsonRequest(route, apiKey, body),
  }));
  cases.push({
    family,
    name: `${route.path} a 10 MB body with one huge unknown field`,
    request: jsonRequest(
      route,
      apiKey,
      withKey('padding', JSON.stringify('p'.repeat(UNDER_LIMIT_BYTES - valid.length))),
    ),
    statuses: [400],
  });
  cases.push({
    family,
    name: `${route.path} a body over the 10 MB limit`,
    request: jsonRequest(route, apiKey, withKey('padding', JSON.stringify('p'.repeat(OVER_LIMIT_BYTES)))),
    statuses: [413],
  });
  return cases;
}

function contentTypeCases(route: JsonRoute, apiKey: string, random: SeededRandom): HostileCase[] {
  const family = `${route.path} content types`;
  const valid = JSON.stringify(route.validBody);
  const garbage = Buffer.from(Array.from({ length: 64 }, () => random.int(0, 255)));
  const cases: HostileCase[] = [
    ['an unknown charset', 'application/json; charset=utf-99', valid],
    ['a charset the JSON parser refuses', 'application/json; charset=latin1', valid],
    ['utf-16 declared, utf-8 sent', 'application/json; charset=utf-16', valid],
  ].map(([name, contentType, body]) => ({
    family,
    name: `${route.path} ${name}`,
    request: jsonRequest(route, apiKey, body, contentType),
  }));
  for (const encoding of ['gzip', 'deflate', 'br', 'compress', 'x-unknown']) {
    cases.push({
      family,
      name: `${route.path} Content-Encoding ${encoding} over random bytes`,
      request: {
        method: route.method,
        target: route.path,
        headers: [
          ['Authorization', `Bearer ${apiKey}`],
          ['Content-Type', 'application/json'],
          ['Content-Encoding', encoding],
        ],
        body: garbage,
      },
    });
  }
  if (!route.emptyBodyRefused) return cases;
  // A body the JSON parser does not read reaches validation as nothing, which a route with required fields refuses.
  for (const contentType of ['text/plain', 'application/octet-stream', 'application/xml', 'multipart/form-data', '']) {
    cases.push({
      family,
      name: `${route.path} a JSON body sent as '${contentType}'`,
      request: {
        ...jsonRequest(route, apiKey, valid, contentType),
        headers: [
          ['Authorization', `Bearer ${apiKey}`],
          ...(contentType ? [['Content-Type', contentType] as [string, string]] : []),
        ],
      },
    });
  }
  const firstField = Object.keys(route.validBody)[0] ?? 'url';
  for (const [name, form] of [
    ['a form with a non-http URL', `${firstField}=ftp%3A%2F%2F127.0.0.1%2F`],
    ['a form with nested keys', `${firstField}[a][b][c]=1`],
    ['a form with __proto__', `__proto__[polluted]=1&${firstField}=ftp%3A%2F%2Fx`],
  ]) {
    cases.push({
      family,
      name: `${route.path} ${name}`,
      request: jsonRequest(route, apiKey, form, 'application/x-www-form-urlencoded'),
    });
  }
  return cases;
}

/** Authorization headers that name no key: every route that needs one answers 401 (or 400/431 for broken HTTP). */
function authorizationValues(apiKey: string, random: SeededRandom): [string, string | undefined][] {
  const latin1 = String.fromCharCode(...Array.from({ length: 24 }, () => random.int(0x80, 0xff)));
  return [
    ['no Authorization header', undefined],
    ['Bearer and no key', 'Bearer'],
    ['Bearer and spaces', 'Bearer    '],
    ['a Basic credential', `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['the key without Bearer', apiKey],
    ['two tokens', `Bearer ${apiKey} extra`],
    ['a key one character off', `Bearer ${apiKey.slice(0, -1)}${apiKey.endsWith('a') ? 'b' : 'a'}`],
    ['latin1 bytes', `Bearer ${latin1}`],
    ['a 10 KB key', `Bearer fc-${'k'.repeat(10 * 1024)}`],
    ['a 100 KB key', `Bearer fc-${'k'.repeat(HUNDRED_KB)}`],
    ['a control character', `Bearer fc-\u0001abc`],
    ['a NUL byte', `Bearer fc-\u0000abc`],
    ['SQL in the key', "Bearer ' or 1=1 --"],
  ];
}

function authCases(
  family: string,
  method: string,
  target: string,
  body: string | undefined,
  apiKey: string,
  random: SeededRandom,
): HostileCase[] {
  return authorizationValues(apiKey, random).map(([name, authorization]) => ({
    family,
    name: `${method} ${target.split('?')[0]} ${name}`,
    request: {
      method,
      target,
      headers: [
        ...(authorization === undefined ? [] : [['Authorization', authorization] as [string, string]]),
        ...(body ? [['Content-Type', 'application/json'] as [string, string]] : []),
      ],
      ...(body ? { body: Buffer.from(body) } : {}),
    },
  }));
}

function badIds(kind: 'uuid' | 'name', random: SeededRandom): [string, string][] {
  const shared: [string, string][] = [
    ['a NUL', 'ab%00cd'],
    ['bad percent-encoding', '%ZZ'],
    ['an encoded lone surrogate', '%ED%A0%80'],
    ['a truncated escape', 'abc%E0%A4%A'],
    ['path traversal', '..%2F..%2Fetc%2Fpasswd'],
    ['100 KB', 'i'.repeat(HUNDRED_KB)],
  ];
  if (kind === 'name')
    return [...shared, ['129 characters', 'n'.repeat(129)], ['an unknown name', `none-${random.int(0, 1e6)}`]];
  return [
    ...shared,
    ['not a UUID', 'abc'],
    ['a UUID with a suffix', `${seededUuid(random)}x`],
    ['an unknown UUID', seededUuid(random)],
    ['a SQL fragment', "1'%20or%20'1'='1"],
    ['a number', String(random.int(0, 1e9))],
  ];
}

function pathRouteCases(route: PathRoute, apiKey: string, random: SeededRandom): HostileCase[] {
  const family = `${route.method} ${route.path}`;
  const authorization: [string, string][] = [['Authorization', `Bearer ${apiKey}`]];
  const unknownId = seededUuid(random);
  const withId = (id: string): string => route.path.replace('{id}', id);
  const cases: HostileCase[] = [];
  if (route.id) {
    for (const [name, id] of badIds(route.id, random)) {
      cases.push({
        family,
        name: `${route.method} ${route.path} with ${name}`,
        request: { method: route.method, target: withId(id), headers: authorization },
      });
    }
  }
  for (const [field, values] of Object.entries(route.query ?? {})) {
    for (const value of [...values, '%00', '%ED%A0%80']) {
      cases.push({
        family,
        name: `${route.method} ${route.path} ?${field}=${value}`,
        request: { method: route.method, target: `${withId(unknownId)}?${field}=${value}`, headers: authorization },
      });
    }
    cases.push({
      family,
      name: `${route.method} ${route.path} ?${field} as an array`,
      request: {
        method: route.method,
        target: `${withId(unknownId)}?${field}[]=1&${field}[]=2`,
        headers: authorization,
      },
    });
  }
  if (route.query) {
    cases.push({
      family,
      name: `${route.method} ${route.path} an unknown query field`,
      request: { method: route.method, target: `${withId(unknownId)}?colour=blue`, headers: authorization },
    });
  }
  if (route.anonymous === 401) {
    cases.push(...authCases(family, route.method, withId(unknownId), undefined, apiKey, random));
  }
  for (const method of ['PUT', 'PATCH']) {
    cases.push({
      family,
      name: `${method} ${route.path}`,
      request: { method, target: withId(unknownId), headers: authorization },
      statuses: [404],
    });
  }
  return cases;
}

const BOUNDARY = 'hostileBoundary';

function part(headers: string, content: string): string {
  return `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
}

const filePart = (name = 'file', filename = 'note.txt', content = 'hello'): string =>
  part(`Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: text/plain`, content);
const optionsPart = (json: string): string => part('Content-Disposition: form-data; name="options"', json);

function parseCases(apiKey: string, random: SeededRandom): HostileCase[] {
  const family = 'POST /v2/parse multipart';
  const end = `--${BOUNDARY}--\r\n`;
  const forms: [string, string, string?][] = [
    ['no file part', optionsPart('{}') + end],
    ['an empty form', end],
    ['two files', filePart() + filePart() + end],
    ['a file part without a filename', part('Content-Disposition: form-data; name="file"', 'hello') + end],
    ['an empty filename', filePart('file', '') + end],
    ['an empty file', filePart('file', 'empty.txt', '') + end],
    ['an unknown part', part('Content-Disposition: form-data; name="extra"', 'x') + filePart() + end],
    ['options sent as a file', filePart('options', 'options.json', '{}') + filePart() + end],
    ['file sent as a field', part('Content-Disposition: form-data; name="file"', 'hello') + end],
    ['options that are not JSON', optionsPart('{formats:') + filePart() + end],
    ['options that are an array', optionsPart('[]') + filePart() + end],
    ['options with an unknown field', optionsPart('{"colour":"blue"}') + filePart() + end],
    ['options with __proto__', optionsPart('{"__proto__":{"timeout":1}}') + filePart() + end],
    ['options with constructor', optionsPart('{"constructor":{"prototype":{}}}') + filePart() + end],
    [
      'options nested thousands deep',
      optionsPart(`{"location":${deepJson(random, random.int(2_000, 20_000))}}`) + filePart() + end,
    ],
    ['options with a NUL', optionsPart(`{"headers":{"a":${unstorableText(random).text}}}`) + filePart() + end],
    ['options with a page-only field', optionsPart('{"actions":[]}') + filePart() + end],
    ['options over 1 MB', optionsPart(`{"pad":"${'p'.repeat(1_100_000)}"}`) + filePart() + end],
    ['a binary file', filePart('file', 'blob.bin', '\u0000\u0001\u0002\u0003') + end],
    ['no closing boundary', filePart()],
    ['garbage', 'garbage'],
    ['a NUL in the part header', filePart('file', 'a\u0000b.txt') + end],
    ['a 100 KB filename', filePart('file', `${'f'.repeat(HUNDRED_KB)}.txt`) + end],
  ];
  const cases: HostileCase[] = forms.map(([name, body]) => ({
    family,
    name: `POST /v2/parse ${name}`,
    request: {
      method: 'POST',
      target: PARSE_PATH,
      headers: [
        ['Authorization', `Bearer ${apiKey}`],
        ['Content-Type', `multipart/form-data; boundary=${BOUNDARY}`],
      ],
      body: Buffer.from(body, 'latin1'),
    },
  }));
  for (const contentType of [
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'application/json',
    'text/plain',
  ]) {
    cases.push({
      family,
      name: `POST /v2/parse as '${contentType}'`,
      request: {
        method: 'POST',
        target: PARSE_PATH,
        headers: [
          ['Authorization', `Bearer ${apiKey}`],
          ['Content-Type', contentType],
        ],
        body: Buffer.from(filePart() + end),
      },
    });
  }
  // Every bad scrape option inside the options part is refused as it is in a scrape's body.
  const scrape = JSON_ROUTES[0];
  for (const [field, kind] of Object.entries(scrape?.fields ?? {})) {
    if (field === 'url') continue;
    const value = random.pick(badValues(kind, random));
    cases.push({
      family,
      name: `POST /v2/parse options ${field}=${preview(textOf(value))}`,
      request: {
        method: 'POST',
        target: PARSE_PATH,
        headers: [
          ['Authorization', `Bearer ${apiKey}`],
          ['Content-Type', `multipart/form-data; boundary=${BOUNDARY}`],
        ],
        body: Buffer.from(optionsPart(`{${JSON.stringify(field)}:${textOf(value)}}`) + filePart() + end, 'utf8'),
      },
    });
  }
  cases.push(...authCases(family, 'POST', PARSE_PATH, undefined, apiKey, random));
  return cases;
}

/** Requests that are not valid HTTP at all, which Node's parser refuses before the application sees them. */
function brokenHttpCases(): HostileCase[] {
  const family = 'broken HTTP';
  const raw = (name: string, method: string, target: string, headers: [string, string][], body?: string) => ({
    family,
    name,
    request: { method, target, headers, ...(body !== undefined ? { body: Buffer.from(body) } : {}) },
  });
  const unframed = (hostile: HostileCase): HostileCase => ({
    ...hostile,
    request: { ...hostile.request, unframed: true },
  });
  return [
    raw('a 100 KB URL', 'GET', `/v2/crawl/${'u'.repeat(HUNDRED_KB)}`, []),
    raw('a 100 KB query', 'GET', `/v2/team/credit-usage?q=${'q'.repeat(HUNDRED_KB)}`, []),
    raw('100 KB of headers', 'GET', '/v2/team/credit-usage', [['X-Padding', 'h'.repeat(HUNDRED_KB)]]),
    raw('a header without a colon', 'GET', '/v2/team/credit-usage', [['X-Broken header', 'v']]),
    raw('a NUL in a header value', 'GET', '/v2/team/credit-usage', [['X-Nul', 'a\u0000b']]),
    raw('a header name with a space', 'GET', '/v2/team/credit-usage', [['X Spaced', 'v']]),
    raw('a method that does not exist', 'DESTROY', '/v2/scrape', []),
    raw('a space in the request target', 'GET', '/v2/team/credit usage', []),
    raw('both Content-Length and chunked', 'POST', '/v2/scrape', [['Transfer-Encoding', 'chunked']], '0\r\n\r\n'),
    unframed(
      raw('a bad chunk size', 'POST', '/v2/scrape', [['Transfer-Encoding', 'chunked']], 'zz\r\nabc\r\n0\r\n\r\n'),
    ),
    raw('a negative Content-Length', 'POST', '/v2/scrape', [['Content-Length', '-5']]),
    raw('two Content-Lengths that differ', 'POST', '/v2/scrape', [['Content-Length', '2']], '{}x'),
    raw('a non-numeric Content-Length', 'POST', '/v2/scrape', [['Content-Length', 'ten']]),
  ];
}

/** Job watcher and session sockets asked for with a broken upgrade: refused before any socket opens. */
function upgradeCases(apiKey: string, random: SeededRandom): HostileCase[] {
  const family = 'WebSocket upgrades';
  const upgrade = (name: string, target: string, extra: [string, string][]): HostileCase => ({
    family,
    name,
    request: {
      method: 'GET',
      target,
      headers: [
        ['Upgrade', 'websocket'],
        ['Connection', 'Upgrade'],
        ['Sec-WebSocket-Version', '13'],
        ['Sec-WebSocket-Key', 'not base64 at all'],
        ...extra,
      ],
    },
  });
  const job = seededUuid(random);
  return [
    upgrade('a crawl watcher without a key', `/v2/crawl/${job}`, []),
    upgrade('a crawl watcher with a garbled key', `/v2/crawl/${job}`, [['Sec-WebSocket-Protocol', 'fc-\u00ff\u00fe']]),
    upgrade('a batch watcher with a Basic credential', `/v2/batch/scrape/${job}`, [['Authorization', 'Basic eDp5']]),
    upgrade('a watcher of an unknown job', `/v2/crawl/${job}`, [['Sec-WebSocket-Protocol', apiKey]]),
    upgrade('an upgrade at a path no WebSocket endpoint serves', '/v2/scrape', [['Sec-WebSocket-Protocol', apiKey]]),
  ];
}

/**
 * Every hostile request of the suite, generated from the route table with a fixed seed: the same cases on every run,
 * and a different seed (HOSTILE_SEED) explores others.
 */
export function hostileCases(apiKey: string, seed: number): HostileCase[] {
  const random = new SeededRandom(seed);
  const cases: HostileCase[] = [];
  for (const route of JSON_ROUTES) {
    cases.push(...fieldCases(route, apiKey, random));
    cases.push(...structureCases(route, apiKey, random));
    cases.push(...contentTypeCases(route, apiKey, random));
    cases.push(
      ...authCases(`${route.path} auth`, route.method, route.path, JSON.stringify(route.validBody), apiKey, random),
    );
    for (const method of ['PUT', 'PATCH']) {
      cases.push({
        family: `${route.path} methods`,
        name: `${method} ${route.path}`,
        request: { ...jsonRequest(route, apiKey, JSON.stringify(route.validBody)), method },
        statuses: [404],
      });
    }
  }
  for (const route of PATH_ROUTES) cases.push(...pathRouteCases(route, apiKey, random));
  cases.push(...parseCases(apiKey, random));
  cases.push(...brokenHttpCases());
  cases.push(...upgradeCases(apiKey, random));
  return cases;
}
