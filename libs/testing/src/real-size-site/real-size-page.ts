import { SeededRandom } from '../fixture-server/prng';
import { type SiteChrome, siteChrome } from './boilerplate';

/** Smallest and largest page the generator makes, in bytes of HTML. */
export const REAL_SIZE_PAGE_BYTES = { min: 50_000, max: 150_000 } as const;

const WORDS = (
  'the council said on tuesday that plans for a new rail line between the two cities would go ahead despite ' +
  'concerns over cost engineers expect work to begin next spring and to last about four years residents have ' +
  'asked for more detail about noise and traffic during construction while businesses along the route welcome ' +
  'the investment analysts note that similar projects elsewhere ran over budget by a third the minister told ' +
  'reporters the government remains committed to the timetable and will publish an assessment in the autumn'
).split(' ');

function sentence(random: SeededRandom): string {
  const words = Array.from({ length: random.int(9, 24) }, () => random.pick(WORDS));
  const text = words.join(' ');
  return `${text[0]?.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: SeededRandom): string {
  return Array.from({ length: random.int(3, 7) }, () => sentence(random)).join(' ');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The pages page `index` links to from its article: its next ten, so the whole site is reachable in a few hops. */
export function realSizeChildren(index: number, total: number): number[] {
  return Array.from({ length: 10 }, (_, offset) => index * 10 + offset + 1).filter((next) => next < total);
}

interface Article {
  title: string;
  paragraphs: string[];
  headings: string[];
}

function article(random: SeededRandom, index: number): Article {
  const count = random.int(8, 22);
  return {
    title: `${sentence(random).slice(0, 70).replace(/\.$/, '')} (${index})`,
    paragraphs: Array.from({ length: count }, () => paragraph(random)),
    headings: Array.from({ length: Math.floor(count / 5) }, () => sentence(random).slice(0, 50)),
  };
}

function articleHtml(random: SeededRandom, index: number, total: number, content: Article, chrome: SiteChrome): string {
  const children = realSizeChildren(index, total);
  const body: string[] = [];
  content.paragraphs.forEach((text, position) => {
    if (position > 0 && position % 5 === 0)
      body.push(`<h2>${escapeHtml(content.headings[position / 5 - 1] ?? '')}</h2>`);
    const link = children[position];
    const linked = link === undefined ? '' : ` See also <a href="/bulk/${link}">report number ${link}</a>.`;
    body.push(`<p>${escapeHtml(text)}${linked}</p>`);
    if (position === 2) {
      body.push(
        `<figure class="article__figure"><img src="/images/${index}-lead.jpg" srcset="/images/${index}-lead-640.jpg 640w, /images/${index}-lead-1280.jpg 1280w" alt="${escapeHtml(sentence(random))}" width="1280" height="720"><figcaption>${escapeHtml(sentence(random))} Photo: Agency</figcaption></figure>`,
      );
    }
    if (position === 6) body.push(`<blockquote><p>${escapeHtml(sentence(random))}</p></blockquote>`);
    if (position === 8) {
      body.push(`<ul>${Array.from({ length: 4 }, () => `<li>${escapeHtml(sentence(random))}</li>`).join('')}</ul>`);
    }
  });
  // Pages whose article has fewer paragraphs than children still link every child, as a "further reading" list.
  const rest = children.slice(content.paragraphs.length);
  if (rest.length > 0) {
    body.push(`<ul>${rest.map((link) => `<li><a href="/bulk/${link}">Report number ${link}</a></li>`).join('')}</ul>`);
  }
  return (
    `<article class="article"><nav class="breadcrumb"><a href="/">Home</a> › <a href="/world">World</a></nav>` +
    `<h1 class="article__title">${escapeHtml(content.title)}</h1>` +
    `<div class="article__byline">By <a rel="author" href="/authors/${random.int(1, 40)}">Staff Reporter</a> · <time datetime="2026-11-${String(random.int(1, 27)).padStart(2, '0')}T08:00:00Z">November 2026</time></div>` +
    `<div class="article__share">${[chrome.iconSvgs[3], chrome.iconSvgs[4]].map((icon) => `<button>${icon}</button>`).join('')}</div>` +
    `<div class="article__body">${body.join('')}</div>` +
    `<div class="article__tags">${Array.from({ length: 5 }, (_, tag) => `<a href="/topics/${tag}">Topic ${tag}</a>`).join(' ')}</div></article>`
  );
}

function sidebar(random: SeededRandom, total: number): string {
  const mostRead = Array.from({ length: 10 }, () => random.int(0, total - 1))
    .map((page) => `<li><a href="/bulk/${page}">${escapeHtml(sentence(random).slice(0, 60))}</a></li>`)
    .join('');
  return (
    `<aside class="sidebar"><section class="sidebar__most-read"><h3>Most read</h3><ol>${mostRead}</ol></section>` +
    `<section class="sidebar__newsletter"><h3>Sign up to our newsletter</h3><p>The day's top stories in your inbox every morning.</p>` +
    `<form action="/newsletter"><input type="email" name="email" placeholder="Email address"><button>Sign up</button></form></section>` +
    `<div class="ad-slot" data-slot="sidebar-1" style="min-height:250px"></div><div class="ad-slot" data-slot="sidebar-2" style="min-height:600px"></div></aside>`
  );
}

function comments(random: SeededRandom, chrome: SiteChrome): string {
  const items = Array.from(
    { length: random.int(5, 30) },
    (_, index) =>
      `<li class="comment" id="comment-${index}"><div class="comment__meta"><a href="/users/${random.int(1, 5000)}">reader${random.int(1, 5000)}</a> · ${random.int(1, 59)} minutes ago</div>` +
      `<p class="comment__text">${escapeHtml(Array.from({ length: random.int(1, 3) }, () => sentence(random)).join(' '))}</p>` +
      `<div class="comment__actions"><button>Reply</button><button>${chrome.iconSvgs[5]} ${random.int(0, 99)}</button><button>Report</button></div></li>`,
  ).join('');
  return `<section class="comments" id="comments"><h2>Comments</h2><ol class="comments__list">${items}</ol></section>`;
}

function jsonLd(content: Article, index: number): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: content.title,
    description: content.paragraphs[0]?.slice(0, 160),
    datePublished: '2026-11-20T08:00:00Z',
    author: [{ '@type': 'Person', name: 'Staff Reporter' }],
    publisher: {
      '@type': 'Organization',
      name: 'The Daily Loopback',
      logo: { '@type': 'ImageObject', url: '/logo.png' },
    },
    image: [`/images/${index}-lead-1280.jpg`],
    mainEntityOfPage: `/bulk/${index}`,
  }).replace(/</g, '\\u003c');
}

/** What a client-rendered framework leaves in the page: the article again and a feed of teasers, as JSON. */
function hydrationData(random: SeededRandom, content: Article, index: number, bytes: number): string {
  const feed: { id: number; title: string; teaser: string; url: string; image: string }[] = [];
  const base = JSON.stringify({ props: { pageProps: { article: content, id: index } } }).length;
  for (let size = base; size < bytes;) {
    const id = random.int(0, 99_999);
    const item = {
      id,
      title: sentence(random).slice(0, 80),
      teaser: sentence(random),
      url: `/story/${id}`,
      image: `/images/${id}-thumb.jpg`,
    };
    feed.push(item);
    size += JSON.stringify(item).length + 1;
  }
  return JSON.stringify({
    props: { pageProps: { article: content, id: index, feed } },
    buildId: 'loopback-42',
  }).replace(/</g, '\\u003c');
}

let chrome: SiteChrome | undefined;

/**
 * Page `index` of a `total`-page generated news site of real size: 50-150 KB of HTML with an inline stylesheet, inline
 * SVG icons, a mega-menu, a sidebar, the article, reader comments, a footer, a cookie notice, JSON-LD and a
 * framework's hydration data, so that, as on real sites, most of the bytes are not the article. The same index gives
 * the same page on every run. Its article links to its next ten pages under /bulk/, its sidebar to ten others.
 */
export function realSizePage(index: number, total: number): string {
  chrome ??= siteChrome();
  const random = new SeededRandom(index + 1);
  const target = random.int(REAL_SIZE_PAGE_BYTES.min + 2_000, REAL_SIZE_PAGE_BYTES.max - 2_000);
  const content = article(random, index);
  const head =
    `<head><meta charset="utf-8"><title>${escapeHtml(content.title)} | The Daily Loopback</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="${escapeHtml(content.paragraphs[0]?.slice(0, 160) ?? '')}">` +
    `<meta property="og:title" content="${escapeHtml(content.title)}"><meta property="og:type" content="article">` +
    `<meta property="og:image" content="/images/${index}-lead-1280.jpg"><link rel="canonical" href="/bulk/${index}">` +
    `<link rel="preload" href="/fonts/serif.woff2" as="font" crossorigin><style>${chrome.css}</style>` +
    `<script type="application/ld+json">${jsonLd(content, index)}</script>` +
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-LOOPBACK');</script></head>`;
  const body =
    `<body class="page page--article">${chrome.header}<div class="layout"><main id="main" class="layout__main">` +
    `${articleHtml(random, index, total, content, chrome)}` +
    `<section class="related"><h2>More on this story</h2><ul>${Array.from(
      { length: 6 },
      () => `<li><a href="/story/${random.int(0, 99_999)}">${escapeHtml(sentence(random).slice(0, 70))}</a></li>`,
    ).join('')}</ul></section>` +
    `${comments(random, chrome)}</main>${sidebar(random, total)}</div>${chrome.footer}${chrome.cookieNotice}`;
  const scripts = (hydration: string): string =>
    `<script id="__NEXT_DATA__" type="application/json">${hydration}</script><script src="/static/app.js" defer></script></body>`;
  const withoutHydration = `<!doctype html><html lang="en">${head}${body}${scripts('')}</html>`;
  const hydration = hydrationData(random, content, index, Math.max(0, target - withoutHydration.length));
  return `<!doctype html><html lang="en">${head}${body}${scripts(hydration)}</html>`;
}
