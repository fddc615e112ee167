import { markdownDiff } from './markdown-diff';

const lines = (count: number, label = 'line'): string[] => Array.from({ length: count }, (_, i) => `${label} ${i + 1}`);

describe('markdownDiff', () => {
  it('gives an empty text and no file for identical versions', () => {
    expect(markdownDiff('# Same\n\nText', '# Same\n\nText')).toEqual({ text: '', json: { files: [] } });
  });

  it('writes one hunk with three lines of context and numbers every line as parse-diff does', () => {
    const previous = lines(10).join('\n');
    const current = lines(10)
      .map((line) => (line === 'line 5' ? 'line five' : line))
      .join('\n');
    const diff = markdownDiff(previous, current);

    expect(diff.text.split('\n')).toEqual([
      '@@ -2,7 +2,7 @@',
      ' line 2',
      ' line 3',
      ' line 4',
      '-line 5',
      '+line five',
      ' line 6',
      ' line 7',
      ' line 8',
    ]);
    expect(diff.json.files).toHaveLength(1);
    const [file] = diff.json.files;
    expect(file).toMatchObject({ from: null, to: null, additions: 1, deletions: 1 });
    expect(file?.chunks).toEqual([
      {
        content: '@@ -2,7 +2,7 @@',
        oldStart: 2,
        oldLines: 7,
        newStart: 2,
        newLines: 7,
        changes: [
          { type: 'normal', normal: true, ln1: 2, ln2: 2, content: ' line 2' },
          { type: 'normal', normal: true, ln1: 3, ln2: 3, content: ' line 3' },
          { type: 'normal', normal: true, ln1: 4, ln2: 4, content: ' line 4' },
          { type: 'del', del: true, ln: 5, content: '-line 5' },
          { type: 'add', add: true, ln: 5, content: '+line five' },
          { type: 'normal', normal: true, ln1: 6, ln2: 6, content: ' line 6' },
          { type: 'normal', normal: true, ln1: 7, ln2: 7, content: ' line 7' },
          { type: 'normal', normal: true, ln1: 8, ln2: 8, content: ' line 8' },
        ],
      },
    ]);
  });

  it('numbers old and new lines apart once an insertion shifts them, in separate hunks for distant changes', () => {
    const previous = lines(20);
    const current = [...previous.slice(0, 2), 'inserted', ...previous.slice(2, 17), ...previous.slice(18)];
    const diff = markdownDiff(previous.join('\n'), current.join('\n'));

    const [first, second] = diff.json.files[0]?.chunks ?? [];
    expect(first?.content).toBe('@@ -1,5 +1,6 @@');
    expect(first?.changes.find((change) => change.type === 'add')).toEqual({
      type: 'add',
      add: true,
      ln: 3,
      content: '+inserted',
    });
    expect(second?.content).toBe('@@ -15,6 +16,5 @@');
    expect(second?.changes.find((change) => change.type === 'del')).toEqual({
      type: 'del',
      del: true,
      ln: 18,
      content: '-line 18',
    });
    expect(second?.changes.at(-1)).toEqual({ type: 'normal', normal: true, ln1: 20, ln2: 20, content: ' line 20' });
    expect(diff.text).toContain('@@ -15,6 +16,5 @@\n line 15\n line 16\n line 17\n-line 18\n line 19\n line 20');
  });

  it('never reports a missing final newline as a change', () => {
    const diff = markdownDiff('a\nb', 'a\nc\n');
    expect(diff.text).toBe('@@ -1,2 +1,2 @@\n a\n-b\n+c');
  });
});
