import { halfOf } from './dataset';
import { type PageResult, summariseHalves } from './summary';

function page(id: string, pageType: string, half: 'A' | 'B', f1: number, boilerplateFound: number): PageResult {
  return {
    id,
    url: `https://${id}.example/`,
    pageType,
    half,
    precision: f1,
    recall: f1,
    f1,
    boilerplateFound,
    ms: 1,
    words: 1,
  };
}

describe('halves of the set', () => {
  it('puts a site in the same half whatever the case of its name, and uses both halves', () => {
    expect(halfOf('News.Example.com')).toBe(halfOf('news.example.com'));
    const halves = new Set(['a.example', 'b.example', 'c.example', 'd.example', 'e.example', 'f.example'].map(halfOf));
    expect(halves).toEqual(new Set(['A', 'B']));
  });

  it('reports F1 and boilerplate per page type on each half, and the gap A minus B', () => {
    const table = summariseHalves([
      page('1', 'article', 'A', 0.9, 0.1),
      page('2', 'article', 'A', 0.7, 0.3),
      page('3', 'article', 'B', 0.6, 0),
      page('4', 'forum', 'B', 0.5, 0.5),
    ]);
    expect(table).toContain('| article | 2 | 0.800 | 0.200 | 1 | 0.600 | 0.000 | +0.200 | +0.200 |');
    expect(table).toContain('| all | 2 | 0.800 | 0.200 | 2 | 0.550 | 0.250 | +0.250 | -0.050 |');
    expect(table).toContain('| forum | 0 |');
  });
});
