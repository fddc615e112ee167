import { editedHtml } from '../../dom/dom-document';
import { declaredWriters, removeDeclaredWriterNotes } from './declared-writer';

const jsonLd = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('declared writers', () => {
  it('reads the name of a JSON-LD author, a Person or a string', () => {
    const page = jsonLd({ '@type': 'NewsArticle', author: [{ '@type': 'Person', name: 'Jane Doe' }, 'By Sam Roe'] });
    expect(declaredWriters(page)).toEqual(['Jane Doe', 'Sam Roe']);
  });

  it("follows an author given by reference to a Person in the page's graph", () => {
    const page = jsonLd({
      '@graph': [
        { '@type': 'Article', author: { '@id': '#/person/1' } },
        { '@type': 'Person', '@id': '#/person/1', name: 'Ludo Martin' },
      ],
    });
    expect(declaredWriters(page)).toEqual(['Ludo Martin']);
  });

  it('reads the author meta tag, keeping the name before a title and splitting a pair', () => {
    expect(declaredWriters('<meta name="author" content="Jane Doe, Staff Writer">')).toEqual(['Jane Doe']);
    expect(declaredWriters('<meta content="Ann Lee &amp; Bo Park" name="author">')).toEqual(['Ann Lee', 'Bo Park']);
  });

  it('declares nobody for a link, a broken JSON-LD block or a page without an author', () => {
    expect(declaredWriters('<meta name="author" content="https://www.facebook.com/gazette">')).toEqual([]);
    expect(declaredWriters('<script type="application/ld+json">{"author": </script>')).toEqual([]);
    expect(declaredWriters('<meta name="description" content="Jane Doe">')).toEqual([]);
  });
});

describe('notes about the declared writer', () => {
  const story =
    '<p>The council voted on the budget late on Tuesday, after a debate that ran for more than four hours and ' +
    'ended with a narrow majority for the plan.</p><p>Residents who spoke against the budget said the plan had been ' +
    'rushed through without a proper consultation, and that they would ask for a review.</p>';
  const note =
    '<p>Jane Doe covers local politics for the Gazette. She joined from a weekly paper in 2019 and lives in the ' +
    'town.</p>';
  const writers = ['Jane Doe'];
  const remove = (body: Element): void => removeDeclaredWriterNotes(body, writers);

  it('removes the note opening with the writer name at the end, with her photo and name lines', () => {
    const html = editedHtml(
      `<div>${story}<p><img src="jane.jpg"></p><p><a href="/people/jane">Jane Doe</a></p><p>City editor</p>${note}</div>`,
      remove,
    );
    expect(html).toBe(`<div>${story}</div>`);
  });

  it('removes the box around the note when the photo sits inside it', () => {
    const html = editedHtml(`<div>${story}<div class="card"><img src="jane.jpg">${note}</div></div>`, remove);
    expect(html).toBe(`<div>${story}</div>`);
  });

  it('finds the note by a first name followed by a nickname', () => {
    const nickname =
      '<p>Ludovic (Ludo) Martin is an education veteran who spent eighteen years at a software company before ' +
      'founding the school.</p>';
    const html = editedHtml(`<div>${story}<h3>Ludo Martin</h3>${nickname}</div>`, (body) =>
      removeDeclaredWriterNotes(body, ['Ludo Martin']),
    );
    expect(html).toBe(`<div>${story}</div>`);
  });

  it('keeps a note with neither photo nor name line beside it', () => {
    const page = `<div>${story}${note}</div>`;
    expect(editedHtml(page, remove)).toBe(page);
  });

  it('keeps such a paragraph when the story goes on after it', () => {
    const page = `<div><p><img src="jane.jpg"></p>${note}${story}${story}</div>`;
    expect(editedHtml(page, remove)).toBe(page);
  });

  it('keeps a closing paragraph in the first person, and one about someone else', () => {
    const pitch =
      '<p>Jane Doe Kitchens is dedicated to serving the town. Our team has fitted kitchens here since 1987 and we ' +
      'would be glad to help.</p>';
    const other = note.replace('Jane Doe', 'Sam Roe');
    for (const closing of [pitch, other]) {
      const page = `<div>${story}<p><img src="logo.png"></p>${closing}</div>`;
      expect(editedHtml(page, remove)).toBe(page);
    }
  });

  it('does nothing without a declared writer', () => {
    const page = `<div>${story}<p><img src="jane.jpg"></p>${note}</div>`;
    expect(editedHtml(page, (body) => removeDeclaredWriterNotes(body, []))).toBe(page);
  });
});
