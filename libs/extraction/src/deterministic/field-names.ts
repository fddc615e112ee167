/**
 * Names that mean the same field across schema.org, OpenGraph, shop tables and the names people give schema
 * properties. Entries are compared in their normalised form (lower case, no separators), paths with dots.
 */
const SYNONYM_GROUPS: readonly string[][] = [
  ['title', 'name', 'headline', 'ogtitle', 'twittertitle', 'productname', 'itemname'],
  [
    'price',
    'cost',
    'amount',
    'offers.price',
    'offers.lowprice',
    'lowprice',
    'productpriceamount',
    'ogpriceamount',
    'saleprice',
    'currentprice',
    'offers.pricespecification.price',
  ],
  ['currency', 'pricecurrency', 'offers.pricecurrency', 'productpricecurrency', 'ogpricecurrency'],
  ['author', 'creator', 'byline', 'writer', 'authorname', 'author.name', 'articleauthor', 'by', 'writtenby'],
  [
    'date',
    'published',
    'publishdate',
    'publisheddate',
    'createdat',
    'publicationdate',
    'datepublished',
    'articlepublishedtime',
    'pubdate',
    'uploaddate',
    'datecreated',
    'postedon',
  ],
  ['updated', 'modified', 'datemodified', 'lastmodified', 'lastupdated', 'updatedat', 'articlemodifiedtime'],
  [
    'image',
    'thumbnail',
    'thumbnailurl',
    'photo',
    'picture',
    'ogimage',
    'twitterimage',
    'imageurl',
    'mainimage',
    'image.url',
  ],
  ['description', 'summary', 'abstract', 'ogdescription', 'excerpt', 'blurb'],
  ['url', 'link', 'ogurl', 'canonical', 'permalink', 'href', 'website', 'homepage'],
  [
    'rating',
    'ratingvalue',
    'aggregaterating.ratingvalue',
    'stars',
    'averagerating',
    'score',
    'reviewrating.ratingvalue',
  ],
  [
    'reviewcount',
    'numberofreviews',
    'aggregaterating.reviewcount',
    'aggregaterating.ratingcount',
    'ratingcount',
    'reviewscount',
    'totalreviews',
  ],
  ['brand', 'manufacturer', 'brand.name', 'maker', 'make'],
  ['sku', 'productid', 'itemnumber', 'partnumber', 'articlenumber', 'productcode'],
  ['gtin', 'gtin13', 'gtin12', 'gtin14', 'gtin8', 'ean', 'upc', 'isbn', 'barcode'],
  ['mpn', 'modelnumber', 'model'],
  [
    'availability',
    'instock',
    'available',
    'stock',
    'stockstatus',
    'offers.availability',
    'productavailability',
    'isavailable',
    'inventory',
  ],
  ['startdate', 'start', 'begins', 'starts', 'eventdate', 'starttime', 'when', 'datetime'],
  ['enddate', 'end', 'ends', 'endtime', 'until'],
  ['location', 'venue', 'place', 'location.name', 'where', 'address'],
  ['ingredients', 'recipeingredient', 'ingredient', 'ingredientlist'],
  ['instructions', 'recipeinstructions', 'steps', 'method', 'directions', 'preparation'],
  ['cooktime', 'cookingtime', 'cooktimeminutes'],
  ['preptime', 'preparationtime', 'preptimeminutes'],
  ['totaltime', 'duration', 'readytime', 'totaltimeminutes'],
  ['servings', 'recipeyield', 'yield', 'serves', 'portions', 'servingsize'],
  ['calories', 'nutrition.calories', 'energy', 'kcal'],
  ['category', 'recipecategory', 'articlesection', 'section', 'genre', 'productcategory'],
  ['cuisine', 'recipecuisine'],
  ['organizer', 'organiser', 'host', 'organizer.name'],
  [
    'company',
    'hiringorganization',
    'employer',
    'organization',
    'publisher',
    'publisher.name',
    'hiringorganization.name',
  ],
  ['salary', 'basesalary', 'pay', 'compensation', 'wage'],
  ['keywords', 'tags', 'topics', 'articletag'],
  ['language', 'inlanguage', 'lang', 'locale', 'oglocale'],
  ['color', 'colour'],
  ['weight', 'itemweight', 'netweight'],
  ['dimensions', 'size', 'measurements'],
  ['condition', 'itemcondition', 'offers.itemcondition'],
  ['city', 'addresslocality', 'locality', 'town'],
  ['country', 'addresscountry'],
  ['postalcode', 'zip', 'zipcode', 'postcode'],
  ['street', 'streetaddress'],
  ['telephone', 'phone', 'phonenumber', 'tel'],
  ['email', 'emailaddress', 'mail'],
  ['sitename', 'ogsitename', 'site'],
];

/** Words that say a unit or join a name without naming the field: `warrantyYears`, `publishedAt`, `isAvailable`. */
const FILLER_WORDS = new Set([
  'at',
  'on',
  'is',
  'has',
  'the',
  'of',
  'in',
  'years',
  'year',
  'months',
  'days',
  'hours',
  'minutes',
  'mins',
  'seconds',
  'kg',
  'g',
  'lb',
  'lbs',
  'cm',
  'mm',
  'm',
  'km',
  'w',
  'kw',
  'v',
  'usd',
  'eur',
  'gbp',
  'count',
  'number',
  'value',
  'text',
]);

/**
 * Words people put before a field's own name to say whose field it is (`eventName`, `company_name`, `post_title`,
 * `ticketPrice`): the page's entity already says so, and its key is the bare `name`, `headline` or `price`.
 */
const OWNER_WORDS = new Set([
  'event',
  'product',
  'item',
  'company',
  'business',
  'organisation',
  'organization',
  'recipe',
  'post',
  'article',
  'blog',
  'shop',
  'store',
  'restaurant',
  'ticket',
]);

/** Words of a name: `datePublished`, `date_published`, `og:title`, `offers.price` -> lower-cased parts. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** One comparable form of a name or path: `offers.price`, `ogtitle`, `datepublished`. */
export function normalizeName(name: string): string {
  return name
    .split('.')
    .map((segment) => nameTokens(segment).join(''))
    .filter(Boolean)
    .join('.');
}

const GROUPS_OF = new Map<string, number[]>();
SYNONYM_GROUPS.forEach((group, index) => {
  for (const entry of group) GROUPS_OF.set(entry, [...(GROUPS_OF.get(entry) ?? []), index]);
});

function groupsOf(normalized: string): number[] {
  return GROUPS_OF.get(normalized) ?? [];
}

/**
 * How well a schema property name matches a key path of the page's data: 3 the same name, 2.5 synonyms, 2 the path
 * ends with the name, 1.5 every word of the name in the key, 0 no match. Paths are compared whole and by their last
 * segment, so `price` meets both `offers.price` and `price`.
 */
export function matchScore(propertyName: string, keyPath: string): number {
  const direct = directScore(propertyName, keyPath);
  if (direct > 0) return direct;
  const words = nameTokens(propertyName);
  const core = words.filter((word) => !FILLER_WORDS.has(word));
  // `warrantyYears` meets `Warranty`, `publishedAt` meets `datePublished`, a little below a match of the whole name.
  if (core.length > 0 && core.length < words.length) {
    const withoutFiller = Math.min(2, directScore(core.join(' '), keyPath));
    if (withoutFiller > 0) return withoutFiller;
  }
  // `eventName` meets `name`, below every match of the whole name so that a key named for the owner still wins.
  return words.length > 1 && OWNER_WORDS.has(words[0])
    ? Math.min(1.75, directScore(words.slice(1).join(' '), keyPath))
    : 0;
}

function directScore(propertyName: string, keyPath: string): number {
  const property = normalizeName(propertyName).replace(/\./g, '');
  const key = normalizeName(keyPath);
  if (!property || !key) return 0;
  const last = key.split('.').pop() ?? key;
  if (property === key || property === key.replace(/\./g, '')) return 3;
  const propertyGroups = groupsOf(property);
  if (propertyGroups.some((group) => groupsOf(key).includes(group))) return 2.5;
  if (property === last) return 2;
  if (propertyGroups.some((group) => groupsOf(last).includes(group))) return 1.75;
  const words = nameTokens(propertyName);
  const keyWords = new Set(nameTokens(keyPath));
  if (words.length > 0 && words.every((word) => keyWords.has(word) || keyWords.has(singular(word)))) return 1.5;
  return 0;
}

/** `events` -> `event`, `categories` -> `category`: enough to meet schema.org type names. */
export function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}
