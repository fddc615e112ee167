import { convertScalar, durationMinutes, parseBoolean, parseDate, parseNumber, UNCONVERTIBLE } from './convert-value';
import { matchScore, nameTokens } from './field-names';

describe('parseNumber', () => {
  it.each([
    ['$1,299.00', 1299],
    ['1.299,00 €', 1299],
    ['249,90', 249.9],
    ['12,345', 12345],
    ['USD 12', 12],
    ['4.5 out of 5', 4.5],
    ['1 234,50 zł', 1234.5],
    ['-3.2°C', -3.2],
    ['PT1H30M', 90],
    [{ '@type': 'Offer', price: '19.99' }, 19.99],
    [7, 7],
  ])('%j -> %j', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it('finds nothing in text without digits', () => {
    expect(parseNumber('free')).toBeUndefined();
    expect(durationMinutes('P')).toBeUndefined();
  });
});

describe('parseBoolean and parseDate', () => {
  it('reads schema.org availability and yes/no words', () => {
    expect(parseBoolean('https://schema.org/InStock')).toBe(true);
    expect(parseBoolean('OutOfStock')).toBe(false);
    expect(parseBoolean('Yes')).toBe(true);
    expect(parseBoolean('maybe')).toBeUndefined();
  });

  it('writes dates and timestamps as ISO 8601', () => {
    expect(parseDate('2024-03-05T09:30:00+01:00', 'date')).toBe('2024-03-05');
    expect(parseDate('2024-03-05T09:30:00+01:00', 'date-time')).toBe('2024-03-05T08:30:00.000Z');
    expect(parseDate('March 5, 2024', 'date')).toBe('2024-03-05');
    expect(parseDate('someday', 'date')).toBeUndefined();
  });
});

describe('convertScalar', () => {
  it('matches enums loosely and refuses what does not fit', () => {
    expect(convertScalar('https://schema.org/InStock', { enum: ['in_stock', 'out_of_stock'] }, '')).toBe('in_stock');
    expect(convertScalar('Discontinued', { enum: ['in_stock', 'out_of_stock'] }, '')).toBe(UNCONVERTIBLE);
    const status = { enum: ['scheduled', 'postponed', 'cancelled'] };
    expect(convertScalar('https://schema.org/EventPostponed', status, '')).toBe('postponed');
    expect(convertScalar('http://schema.org/NewCondition', { enum: ['new', 'used'] }, '')).toBe('new');
    expect(convertScalar('https://schema.org/EventMovedOnline', status, '')).toBe(UNCONVERTIBLE);
    expect(convertScalar('4 servings', { type: 'integer' }, '')).toBe(4);
    expect(convertScalar('n/a', { type: 'number' }, '')).toBe(UNCONVERTIBLE);
    expect(convertScalar('/a.jpg', { type: 'string', format: 'uri' }, 'https://site.test/p/1')).toBe(
      'https://site.test/a.jpg',
    );
  });
});

describe('matchScore', () => {
  it('prefers the same name, then synonyms, then words', () => {
    expect(matchScore('price', 'price')).toBe(3);
    expect(matchScore('price', 'offers.price')).toBe(2.5);
    expect(matchScore('title', 'headline')).toBe(2.5);
    expect(matchScore('author', 'creator')).toBe(2.5);
    expect(matchScore('date', 'datePublished')).toBe(2.5);
    expect(matchScore('image', 'thumbnailUrl')).toBe(2.5);
    expect(matchScore('ratingValue', 'aggregateRating.ratingValue')).toBe(2.5);
    expect(matchScore('colour', 'product.colour')).toBe(2);
    expect(matchScore('product_name', 'productName')).toBe(3);
    expect(matchScore('warrantyYears', 'Warranty')).toBe(2);
    expect(matchScore('startDate', 'date')).toBe(0);
    expect(matchScore('price', 'name')).toBe(0);
  });

  it("meets a name prefixed with its owner's word below every other match", () => {
    expect(matchScore('eventName', 'name')).toBe(1.75);
    expect(matchScore('post_title', 'headline')).toBe(1.75);
    expect(matchScore('ticketPrice', 'offers.price')).toBe(1.75);
    expect(matchScore('eventName', 'eventName')).toBe(3);
    expect(matchScore('venue_name', 'name')).toBe(0);
  });

  it('takes a website for a URL, not a site name', () => {
    expect(matchScore('website', 'url')).toBe(2.5);
    expect(matchScore('website', 'og:site_name')).toBe(0);
  });

  it('splits camel, snake, kebab and prefixed names', () => {
    expect(nameTokens('datePublished')).toEqual(['date', 'published']);
    expect(nameTokens('date_published')).toEqual(['date', 'published']);
    expect(nameTokens('og:title')).toEqual(['og', 'title']);
    expect(nameTokens('HTMLTitle')).toEqual(['html', 'title']);
  });
});
