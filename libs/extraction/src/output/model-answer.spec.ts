import { planAnswer } from '../schema/strict-schema';
import { compileUserSchema } from '../schema/user-schema';
import { parseJsonAnswer, readAnswer, stripFences } from './model-answer';

describe('stripFences', () => {
  it.each([
    ['{"a":1}', '{"a":1}'],
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['Here is the data:\n\n```json\n{"a": 1}\n```\nHope this helps!', '{"a": 1}'],
    ['```\n[1, 2]\n```', '[1, 2]'],
    ['<think>The page lists a price of $3.</think>\n{"price": 3}', '{"price": 3}'],
    ['  {"a":1}\n', '{"a":1}'],
  ])('%j -> %j', (text, expected) => {
    expect(stripFences(text)).toBe(expected);
  });
});

describe('parseJsonAnswer', () => {
  it('reads JSON after prose without a fence', () => {
    expect(parseJsonAnswer('Sure! {"title": "Lamp"} That is all.')).toEqual({ ok: true, value: { title: 'Lamp' } });
  });

  it('says why an answer is not JSON', () => {
    const reading = parseJsonAnswer('{"title": "Lamp",');
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.problem).toMatch(/^the answer is not JSON: /);
    expect(parseJsonAnswer('')).toEqual({ ok: false, problem: 'the answer is empty' });
  });
});

describe('readAnswer', () => {
  const schema = {
    type: 'object',
    properties: { title: { type: 'string' }, price: { type: 'number' } },
    required: ['title'],
  };
  const user = compileUserSchema(schema);
  const plan = planAnswer(schema);

  it('parses, removes the nulls of absent optional fields and validates', () => {
    expect(readAnswer('```json\n{"title": "Lamp", "price": null}\n```', plan, user)).toEqual({
      ok: true,
      value: { title: 'Lamp' },
    });
  });

  it("lists the problems against the caller's schema for a repair round", () => {
    expect(readAnswer('{"title": 3, "price": "cheap"}', plan, user)).toEqual({
      ok: false,
      problems: ['/title: must be string', '/price: must be number'],
    });
    expect(readAnswer('not json', plan, user)).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/not JSON/)],
    });
  });
});
