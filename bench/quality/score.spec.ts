import { markdownToText, scorePage } from './score';

describe('markdownToText', () => {
  it('drops link targets, image syntax, list markers, emphasis and heading marks', () => {
    const text = markdownToText(
      '## [Title](https://a.example/t)\n\n- **bold** and _light_\n\n![alt](https://a.example/i.png)\n',
    );
    expect(text).toContain('Title');
    expect(text).not.toContain('https://');
    expect(text).not.toMatch(/[#*_!]/);
    expect(text).toContain('bold and light');
  });

  it('keeps code whole, comparisons and arrows included', () => {
    const markdown = [
      'Loop:',
      '',
      '```js',
      'for (let i = 0; i < n; i++) {',
      '  run(() => a * b * c);',
      '}',
      '```',
      '',
      'Then `x < y` and `snake_case_name`.',
      '',
      '## Next section',
      '',
      'Still here.',
    ].join('\n');
    const text = markdownToText(markdown);
    expect(text).toContain('for (let i = 0; i < n; i++) {');
    expect(text).toContain('run(() => a * b * c);');
    expect(text).toContain('x < y');
    expect(text).toContain('snake_case_name');
    expect(text).toContain('Next section');
    expect(text).toContain('Still here.');
  });

  it('drops whole link targets and images whose URLs hold parentheses', () => {
    const markdown =
      '[![Spaghetti](https://a.example/thmb/filters:no_upscale():max_bytes(150000)/s.jpg)](https://a.example/r "Recipe") and [Pasta (fresh)](https://a.example/wiki/Pasta_(fresh))';
    expect(markdownToText(markdown)).toBe(' and Pasta (fresh)');
  });

  it('keeps indented code blocks, as under a definition, whole', () => {
    const text = markdownToText(
      [
        'Term',
        ': The definition.',
        '',
        '    ```python',
        '    if a < b:',
        '        yield a',
        '    ```',
        '',
        'After > before.',
      ].join('\n'),
    );
    expect(text).toContain('if a < b:');
    expect(text).toContain('After > before.');
  });

  it("keeps a '<' that opens no tag", () => {
    expect(markdownToText('when a < b holds, and b > c')).toBe('when a < b holds, and b > c');
  });

  it('keeps quoted code blocks whole', () => {
    const text = markdownToText(
      ['> Example:', '>', '> ```', '> let bytes: Vec<u8> = Vec::new();', '> ```', '', 'After > before.'].join('\n'),
    );
    expect(text).toContain('let bytes: Vec<u8> = Vec::new();');
    expect(text).toContain('After > before.');
  });

  it('reads escaped characters as themselves', () => {
    expect(markdownToText('2 \\* 3 is not \\<b\\> and snake\\_case')).toBe('2 * 3 is not <b> and snake_case');
  });
});

describe('scorePage', () => {
  it('scores a bag of words against the truth', () => {
    const score = scorePage('one two three', {
      id: '0001',
      url: 'https://a.example/',
      pageType: 'article',
      site: 'a.example',
      half: 'A',
      mainContent: 'one two four five',
      mustContain: ['two three'],
      mustOmit: ['five'],
    });
    expect(score.precision).toBeCloseTo(2 / 3);
    expect(score.recall).toBeCloseTo(2 / 4);
    expect(score.snippetsFound).toBe(1);
    expect(score.boilerplateFound).toBe(0);
  });
});
