import type { SeededRandom } from '@wh/testing';

/** A JSON value to put in a body, or text spliced in as is (escapes JSON.stringify would not write). */
export type Hostile = { json: unknown } | { text: string };

/** What a field of a route's body is, as far as its validation goes. */
export type FieldKind =
  | { kind: 'url' }
  | { kind: 'urlList' }
  | { kind: 'string'; maxLength?: number }
  | { kind: 'strings' }
  | { kind: 'int'; min: number; max?: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'bool' }
  | { kind: 'enum' }
  | { kind: 'headers' }
  | { kind: 'location' }
  | { kind: 'freeObject' }
  | { kind: 'formats' }
  | { kind: 'actions' }
  | { kind: 'webhook' }
  | { kind: 'scrapeOptions' }
  | { kind: 'profile' }
  /** A field the route refuses whatever its value (extract's `agent`, `webhook`). */
  | { kind: 'refused' };

/** A request URL's worth of characters: the API takes 8192. */
export const HUNDRED_KB = 100 * 1024;

/** Nothing listens on the discard port: a request that got through by mistake fails fast, never reaches out. */
export const TARGET = 'http://127.0.0.1:9/page';

const NOT_OBJECTS: unknown[] = ['text', 42, true, [], [1, 2]];

/** A JSON text `depth` levels deep, objects and arrays mixed by the seed. */
export function deepJson(random: SeededRandom, depth: number): string {
  const opening: string[] = [];
  for (let level = 0; level < depth; level += 1) opening.push(random.next() < 0.5 ? '[' : '{"k":');
  const closing = opening.map((open) => (open === '[' ? ']' : '}')).reverse();
  return `${opening.join('')}1${closing.join('')}`;
}

/** Text that no store can hold: NUL, a lone high or low surrogate (as JSON escapes, which JSON.parse keeps). */
export function unstorableText(random: SeededRandom): { text: string } {
  return { text: `"x${random.pick(['\\u0000', '\\ud800', '\\udfff', 'a\\ud83d'])}y"` };
}

function hugeNumbers(max: number | undefined): unknown[] {
  const beyond = [1e300, 2 ** 64, -1e300, Number.MAX_SAFE_INTEGER + 2];
  return max === undefined ? [-1e300] : [...beyond, max + 1];
}

const BAD_URLS: unknown[] = [
  42,
  true,
  [],
  {},
  '',
  'ftp://127.0.0.1/file',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>1</script>',
  'gopher://127.0.0.1:70/',
  'ws://127.0.0.1:9/',
  'http://user:secret@127.0.0.1:9/',
  'https://:token@127.0.0.1:9/',
  'http://admin@127.0.0.1:9/',
  'http://',
  'http://exa mple.com/',
  'not a url at all',
  'http://[::1/',
];

/** Values of `kind` that every route must refuse. */
export function badValues(field: FieldKind, random: SeededRandom): Hostile[] {
  const json = (values: unknown[]): Hostile[] => values.map((value) => ({ json: value }));
  switch (field.kind) {
    case 'url':
      return [
        ...json(BAD_URLS),
        { json: `http://127.0.0.1:9/${'a'.repeat(HUNDRED_KB)}` },
        unstorableText(random),
        { text: JSON.stringify(TARGET).replace('page', 'pa\\u0000ge') },
      ];
    case 'urlList':
      return [
        ...json(['http://127.0.0.1:9/', 42, {}, [], [42], [{}], [null]]),
        ...BAD_URLS.filter((url) => typeof url === 'string').map((url) => ({ json: [url] })),
        { json: [`http://127.0.0.1:9/${'a'.repeat(HUNDRED_KB)}`] },
        { text: `[${JSON.stringify(TARGET).replace('page', 'pa\\u0000ge')}]` },
      ];
    case 'string':
      return [
        ...json([42, true, [], {}, ['a']]),
        ...(field.maxLength ? json(['x'.repeat(field.maxLength + 1)]) : []),
        unstorableText(random),
      ];
    case 'strings':
      return [...json(['text', 42, {}, [42], [{}], [null], [true]]), { text: `[${unstorableText(random).text}]` }];
    case 'int':
      return json([String(field.min + 1), true, [], {}, field.min + 0.5, field.min - 1, ...hugeNumbers(field.max)]);
    case 'number':
      return json([String(field.min + 1), true, [], {}, field.min - 1, field.max + 1, 1e300]);
    case 'bool':
      return json(['true', 'false', 1, 0, [], {}, 'yes']);
    case 'enum':
      return json(['no-such-value', 1, [], {}, ['a'], true]);
    case 'headers':
      return [
        ...json(['x-a: 1', [], 42, { 'x-a': 1 }, { 'x-a': {} }, { 'x-a': ['1'] }, { 'x-a': null }]),
        { text: '{"__proto__":{"x-a":"1"}}' },
        { text: `{"x-a":${unstorableText(random).text}}` },
        { text: deepJson(random, random.int(65, 4000)) },
      ];
    case 'location':
      return [
        ...json(['US', 42, [], { planet: 'Mars' }, { country: 1 }, { languages: 'en' }, { languages: [1] }]),
        { text: '{"__proto__":{"country":"US"}}' },
        { text: '{"constructor":{"prototype":{"polluted":true}}}' },
        { text: `{"country":${deepJson(random, random.int(65, 4000))}}` },
      ];
    case 'freeObject':
      return [
        ...json(NOT_OBJECTS),
        { text: '{"__proto__":{"polluted":true}}' },
        { text: `{"a":{"b":{"__proto__":{"polluted":true}}}}` },
        { text: deepJson(random, random.int(65, 6000)).replace(/^\[/, '{"k":[').replace(/\]$/, ']}') },
        { text: `{"k":${unstorableText(random).text}}` },
      ];
    case 'formats':
      return json([
        'markdown',
        ['hologram'],
        [42],
        [{}],
        [{ type: 42 }],
        [{ type: 'json' }],
        [{ type: 'branding', depth: 2 }],
        [{ type: 'changeTracking' }],
        [{ type: 'json', schema: { type: 'object', required: 'name' } }],
        [{ type: 'json', schema: 'object' }],
        [null],
      ]);
    case 'actions':
      return json([
        'wait',
        {},
        [{ type: 'explode' }],
        [{ type: 'wait', milliseconds: 'soon' }],
        [{ type: 'wait', seconds: 1 }],
        [{}],
        [{ type: 'wait', milliseconds: 1e300 }],
        [{ type: 'click', selector: 42 }],
        Array.from({ length: 51 }, () => ({ type: 'wait', milliseconds: 1 })),
      ]);
    case 'webhook':
      return [
        ...json([
          42,
          [],
          'ftp://127.0.0.1/hook',
          'http://user:secret@127.0.0.1:9/hook',
          { url: 'javascript:alert(1)' },
          { url: TARGET, events: ['exploded'] },
          { url: TARGET, headers: { a: 1 } },
          { url: TARGET, metadata: 'x' },
          { url: TARGET, colour: 'blue' },
          {},
        ]),
        {
          text: `{"url":${JSON.stringify(TARGET)},"metadata":${deepJson(random, random.int(65, 3000)).replace(/^\[/, '{"k":[').replace(/\]$/, ']}')}}`,
        },
        { text: `{"url":${JSON.stringify(TARGET)},"metadata":{"a":${unstorableText(random).text}}}` },
        { text: `{"url":${JSON.stringify(TARGET)},"__proto__":{"events":[]}}` },
      ];
    case 'scrapeOptions':
      return [
        ...json([...NOT_OBJECTS, { timeout: 0 }, { colour: 'blue' }, { formats: ['hologram'] }, { maxAge: 1e300 }]),
        { text: '{"__proto__":{"timeout":1}}' },
        { text: '{"toString":1}' },
        { text: `{"headers":{"a":${unstorableText(random).text}}}` },
      ];
    case 'profile':
      return [
        ...json(['name', 42, [], {}, { name: '' }, { name: 'x'.repeat(129) }, { name: 'p', saveChanges: 'yes' }]),
        { text: `{"name":${unstorableText(random).text}}` },
        { text: '{"name":"p","__proto__":{"saveChanges":false}}' },
      ];
    case 'refused':
      return json([true, {}, 'x', 1]);
  }
}
