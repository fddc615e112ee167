import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileUserSchema } from '../schema/user-schema';
import { describeDeterministicExtraction, extractWithoutLlm } from './fill-schema';

const fixture = (name: string): string => readFileSync(path.join(__dirname, '__fixtures__', `${name}.html`), 'utf8');

function extract(name: string, schema: Record<string, unknown>, markdown = '') {
  const user = compileUserSchema(schema);
  const result = extractWithoutLlm({ url: `https://site.test/${name}`, html: fixture(name), markdown, schema: user });
  return { ...result, problems: user.problems(result.value) };
}

describe('extractWithoutLlm', () => {
  it('fills a product from JSON-LD in @graph (nested offers, brand, rating) and a spec table', () => {
    const result = extract('product', {
      type: 'object',
      properties: {
        title: { type: 'string' },
        price: { type: 'number' },
        currency: { type: 'string' },
        inStock: { type: 'boolean' },
        brand: { type: 'string' },
        rating: { type: 'number' },
        reviewCount: { type: 'integer' },
        images: { type: 'array', items: { type: 'string', format: 'uri' } },
        weight: { type: 'string' },
        colour: { type: 'string' },
        seller: { type: 'object', properties: { name: { type: 'string' }, url: { type: 'string' } } },
        discount: { type: ['number', 'null'] },
        warrantyYears: { type: 'integer' },
      },
      required: ['title', 'price'],
    });
    expect(result.value).toEqual({
      title: 'Aurora Desk Lamp',
      price: 1299,
      currency: 'USD',
      inStock: true,
      brand: 'Brightline',
      rating: 4.6,
      reviewCount: 1284,
      images: ['https://cdn.brightline.test/img/aurora-1.jpg', 'https://cdn.brightline.test/img/aurora-2.jpg'],
      weight: '1.2 kg',
      colour: 'Matte black',
      seller: { name: 'Brightline', url: 'https://brightline.test/' },
      discount: null,
      warrantyYears: 2,
    });
    expect(result.problems).toEqual([]);
    expect(result.sources).toEqual(expect.arrayContaining(['JSON-LD', 'tables']));
    expect(result.missing).toEqual(['discount']);
  });

  it('fills a nested schema in the shape the caller chose (offers.price, aggregateRating)', () => {
    const result = extract('product', {
      type: 'object',
      properties: {
        name: { type: 'string' },
        offers: {
          type: 'object',
          properties: {
            price: { type: 'number' },
            priceCurrency: { type: 'string' },
            availability: { enum: ['InStock', 'OutOfStock'] },
          },
        },
        aggregateRating: {
          type: 'object',
          properties: { ratingValue: { type: 'number' }, reviewCount: { type: 'number' } },
        },
      },
    });
    expect(result.value).toEqual({
      name: 'Aurora Desk Lamp',
      offers: { price: 1299, priceCurrency: 'USD', availability: 'InStock' },
      aggregateRating: { ratingValue: 4.6, reviewCount: 1284 },
    });
  });

  it('fills an article: headline, author list, dates, image resolved against the page, keywords split', () => {
    const result = extract('article', {
      type: 'object',
      properties: {
        title: { type: 'string' },
        author: { type: 'string' },
        publishedAt: { type: 'string', format: 'date-time' },
        date: { type: 'string', format: 'date' },
        updated: { type: 'string' },
        image: { type: 'string', format: 'uri' },
        tags: { type: 'array', items: { type: 'string' } },
        wordCount: { type: 'integer' },
        publisher: { type: 'string' },
        summary: { type: 'string' },
      },
      required: ['title', 'author'],
    });
    expect(result.value).toEqual({
      title: 'How rivers carve canyons',
      author: 'Mara Lind',
      publishedAt: '2024-03-05T08:30:00.000Z',
      date: '2024-03-05',
      updated: '2024-03-07T12:00:00+01:00',
      image: 'https://site.test/img/canyon.jpg',
      tags: ['geology', 'rivers', 'erosion'],
      wordCount: 1840,
      publisher: 'Earth Notes',
      summary: 'Rivers cut canyons over millions of years, helped by floods, frost and the rock they flow through.',
    });
    expect(result.problems).toEqual([]);
  });

  it('fills a recipe from microdata: nested author, lists, durations in minutes, yield and rating', () => {
    const result = extract('recipe', {
      type: 'object',
      properties: {
        name: { type: 'string' },
        author: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        ingredients: { type: 'array', items: { type: 'string' } },
        steps: { type: 'array', items: { type: 'string' } },
        prepTimeMinutes: { type: 'integer' },
        cookTime: { type: 'string' },
        servings: { type: 'integer' },
        rating: { type: 'number' },
        calories: { type: 'number' },
        published: { type: 'string', format: 'date' },
      },
    });
    expect(result.value).toEqual({
      name: 'Weeknight lentil soup',
      author: { name: 'Jonas Weber' },
      ingredients: ['250 g red lentils', '1 onion, chopped', '1 lemon'],
      steps: [
        'Soften the onion in a little oil.',
        'Add the lentils and a litre of water; simmer for 25 minutes.',
        'Season and finish with lemon juice.',
      ],
      prepTimeMinutes: 10,
      cookTime: 'PT30M',
      servings: 4,
      rating: 4.8,
      calories: 320,
      published: '2023-11-02',
    });
    expect(result.sources).toContain('microdata');
    expect(result.problems).toEqual([]);
  });

  it('fills a list of events from the entities of that type, with nested places and offers', () => {
    const result = extract('event', {
      type: 'object',
      properties: {
        events: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              startDate: { type: 'string', format: 'date-time' },
              venue: { type: 'string' },
              city: { type: 'string' },
              price: { type: 'number' },
              performers: { type: 'array', items: { type: 'string' } },
            },
            required: ['name', 'startDate'],
          },
        },
      },
    });
    expect(result.value).toEqual({
      events: [
        {
          name: 'Night of the Synths',
          startDate: '2025-06-14T17:00:00.000Z',
          venue: 'Kesselhaus',
          city: 'Berlin',
          price: 29,
          performers: ['Kraftlos', 'Sine Wave Club'],
        },
        { name: 'Modular Brunch', startDate: '2025-06-15T09:00:00.000Z', venue: 'Kesselhaus Garden' },
      ],
    });
    expect(result.problems).toEqual([]);
  });

  it('fills a top-level array schema with the entities that fit it best', () => {
    const result = extract('event', {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' }, startDate: { type: 'string' } } },
    });
    expect(result.value).toEqual([
      { name: 'Night of the Synths', startDate: '2025-06-14T19:00:00+02:00' },
      { name: 'Modular Brunch', startDate: '2025-06-15T11:00:00+02:00' },
    ]);
  });

  it('falls back to OpenGraph and product meta tags and definition lists (decimal comma, availability words)', () => {
    const result = extract('og-only', {
      type: 'object',
      properties: {
        title: { type: 'string' },
        price: { type: 'number' },
        currency: { type: 'string' },
        available: { type: 'boolean' },
        image: { type: 'string', format: 'uri' },
        material: { type: 'string' },
        height: { type: 'string' },
      },
    });
    expect(result.value).toEqual({
      title: 'Walnut side table',
      price: 249.9,
      currency: 'EUR',
      available: false,
      image: 'https://site.test/images/table.jpg',
      material: 'Solid walnut',
      height: '55 cm',
    });
    expect(result.sources).toEqual(expect.arrayContaining(['meta tags', 'tables']));
  });

  it('keeps its answer valid: nulls where allowed, optional fields left out, values the schema rejects taken back', () => {
    const result = extract('product', {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 5 },
        sku: { type: 'string', pattern: '^[0-9]+$' },
        gtin: { type: ['string', 'null'] },
        price: { type: 'number', maximum: 100 },
      },
      required: ['price'],
    });
    expect(result.value).toEqual({ gtin: null, price: null });
    expect(result.requiredMissing).toEqual(['price']);
    expect(result.problems).toEqual(['/price: must be number']);
    const warning = describeDeterministicExtraction(result);
    expect(warning).toMatch(/^extracted without an LLM: filled 0 of 4 fields/);
    expect(warning).toContain('required but unknown, so null and not valid against the schema: price');
    expect(warning).toContain('LLM_BASE_URL');
  });

  it('reads markdown tables and bold labels when no HTML came', () => {
    const user = compileUserSchema({
      type: 'object',
      properties: { weight: { type: 'string' }, colour: { type: 'string' }, price: { type: 'number' } },
    });
    const markdown = '# Lamp\n\n| Weight | 1.2 kg |\n|---|---|\n| Colour | black |\n\n**Price:** $12.50\n';
    expect(extractWithoutLlm({ url: 'https://site.test/', markdown, schema: user }).value).toEqual({
      weight: '1.2 kg',
      colour: 'black',
      price: 12.5,
    });
  });
});
