import { jsonWithRawMember } from './json-splice';

describe('jsonWithRawMember', () => {
  const cases: { before: object; after: object }[] = [
    { before: {}, after: {} },
    { before: { success: true, id: 'a"b' }, after: {} },
    { before: {}, after: { metadata: { x: [1, 2] } } },
    { before: { success: false, sequence: 3 }, after: { metadata: undefined, error: 'Job "x" failed' } },
  ];

  it.each(cases)(
    'writes what JSON.stringify writes for the same object, members in order (%j)',
    ({ before, after }) => {
      const data = [{ markdown: '# a\n"quoted"', metadata: { url: 'http://a.test/' } }, { markdown: '' }];
      const spliced = jsonWithRawMember(before, 'data', JSON.stringify(data), after);
      expect(spliced).toBe(JSON.stringify({ ...before, data, ...after }));
    },
  );
});
