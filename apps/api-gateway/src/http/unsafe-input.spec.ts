import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { keysLostInTransformation, MAX_INPUT_DEPTH, unsafeInputProblems } from './unsafe-input';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = { k: value };
  return value;
}

class Inner {
  @IsOptional()
  @IsString()
  name?: string;
}

class Outer {
  @IsOptional()
  @IsString()
  url?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Inner)
  inner?: Inner;

  @IsOptional()
  schema?: Record<string, unknown>;
}

describe('unsafeInputProblems', () => {
  it('takes ordinary input, emoji (a surrogate pair) included', () => {
    expect(unsafeInputProblems({ url: 'https://example.com/😀', list: [1, 'two', { three: null }] })).toEqual([]);
    expect(unsafeInputProblems({ location: nested(MAX_INPUT_DEPTH) })).toEqual([]);
  });

  it('refuses nesting past the limit, naming the top-level field', () => {
    const problems = unsafeInputProblems({ location: nested(MAX_INPUT_DEPTH + 1) });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toBe(`location is nested deeper than ${MAX_INPUT_DEPTH} levels`);
  });

  it('refuses __proto__ keys at any depth', () => {
    const body = JSON.parse('{"a":[{"__proto__":{"polluted":true}}]}') as unknown;
    expect(unsafeInputProblems(body)).toEqual([
      { path: 'a.0.__proto__', message: 'property __proto__ should not exist' },
    ]);
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a high surrogate at the end', 'ab\ud83d'],
  ])('refuses text with %s, in values and in keys', (_name, text) => {
    expect(unsafeInputProblems({ prompt: text })).toEqual([
      { path: 'prompt', message: 'prompt holds a NUL character or an unpaired surrogate' },
    ]);
    expect(unsafeInputProblems({ headers: { [text]: 'v' } })).toHaveLength(1);
    expect(unsafeInputProblems(text, 'name')).toHaveLength(1);
  });

  it('stops listing after twenty problems', () => {
    expect(unsafeInputProblems(Array.from({ length: 1_000 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('keysLostInTransformation', () => {
  it('names keys class-transformer left out of a class instance, at any depth', () => {
    const plain = JSON.parse('{"url":"u","constructor":1,"inner":{"name":"n","toString":2}}') as unknown;
    expect(keysLostInTransformation(plain, plainToInstance(Outer, plain))).toEqual([
      { path: 'constructor', message: 'property constructor should not exist' },
      { path: 'inner.toString', message: 'property toString should not exist' },
    ]);
  });

  it('leaves free-form maps and kept keys alone', () => {
    const plain = { url: 'u', inner: { name: 'n' }, schema: { properties: { title: { type: 'string' } } } };
    expect(keysLostInTransformation(plain, plainToInstance(Outer, plain))).toEqual([]);
  });
});
