import { SeededRandom } from '../fixture-server/prng';

/**
 * The parts every page of the real-size site shares, built once: a site's stylesheet inlined in the head, its logo
 * and icons as inline SVG, a mega-menu, a footer and a cookie notice. Real sites repeat these on every page, and they
 * are most of a page's bytes.
 */
export interface SiteChrome {
  css: string;
  logoSvg: string;
  iconSvgs: string[];
  header: string;
  footer: string;
  cookieNotice: string;
}

const SECTIONS = ['world', 'business', 'technology', 'science', 'health', 'sport', 'culture', 'travel', 'opinion'];
const TOPICS = [
  'markets',
  'energy',
  'climate',
  'elections',
  'startups',
  'software',
  'space',
  'medicine',
  'football',
  'tennis',
  'film',
  'music',
  'books',
  'food',
  'cities',
  'transport',
];
const SELECTORS = ['header', 'nav', 'aside', 'footer', 'article', 'main', 'section', 'figure', 'button', 'form'];
const PROPERTIES = [
  'display:flex',
  'align-items:center',
  'justify-content:space-between',
  'margin:0 auto',
  'padding:12px 16px',
  'font-size:14px',
  'line-height:1.5',
  'color:#1a1a1a',
  'background:#fafafa',
  'border-bottom:1px solid #e5e5e5',
  'grid-template-columns:repeat(12,minmax(0,1fr))',
  'transition:opacity .2s ease-in-out',
  'box-shadow:0 1px 2px rgba(0,0,0,.08)',
];

function stylesheet(random: SeededRandom, bytes: number): string {
  const rules: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const selector = `.${random.pick(SELECTORS)}-${random.pick(TOPICS)}__${random.pick(['item', 'link', 'title', 'wrap', 'icon'])}--${index.toString(36)}`;
    const body = Array.from({ length: random.int(2, 6) }, () => random.pick(PROPERTIES)).join(';');
    const rule =
      index % 17 === 0 ? `@media (min-width:${random.int(480, 1440)}px){${selector}{${body}}}` : `${selector}{${body}}`;
    rules.push(rule);
    size += rule.length;
  }
  return rules.join('');
}

function svgPath(random: SeededRandom, points: number): string {
  const steps = Array.from(
    { length: points },
    () => `${random.pick(['L', 'C', 'Q'])}${(random.next() * 100).toFixed(3)},${(random.next() * 100).toFixed(3)}`,
  );
  return `M${(random.next() * 100).toFixed(3)},${(random.next() * 100).toFixed(3)}${steps.join('')}Z`;
}

function svg(random: SeededRandom, paths: number, points: number, label: string): string {
  const body = Array.from({ length: paths }, () => `<path fill="currentColor" d="${svgPath(random, points)}"/>`).join(
    '',
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${label}">${body}</svg>`;
}

function megaMenu(random: SeededRandom): string {
  return SECTIONS.map((section) => {
    const topics = Array.from({ length: random.int(10, 16) }, (_, index) => {
      const topic = random.pick(TOPICS);
      return `<li class="nav-${section}__item"><a class="nav-${section}__link" href="/${section}/${topic}-${index}">${topic[0]?.toUpperCase()}${topic.slice(1)} ${index}</a></li>`;
    }).join('');
    return `<li class="nav__section"><a class="nav__link" href="/${section}">${section}</a><ul class="nav__dropdown">${topics}</ul></li>`;
  }).join('');
}

function footerColumns(random: SeededRandom): string {
  const columns = ['About us', 'Sections', 'Services', 'Legal', 'Follow us'].map(
    (title, column) =>
      `<div class="footer__column"><h4>${title}</h4><ul>${Array.from(
        { length: random.int(12, 18) },
        (_, index) =>
          `<li><a href="/info/${column}-${index}">${random.pick(TOPICS)} ${random.pick(['help', 'contact', 'terms', 'careers', 'press', 'newsletters'])}</a></li>`,
      ).join('')}</ul></div>`,
  );
  return columns.join('');
}

/** The shared chrome of the site, the same for every page and every run. */
export function siteChrome(): SiteChrome {
  const random = new SeededRandom(20_261_128);
  const logoSvg = svg(random, 6, 60, 'The Daily Loopback');
  const iconSvgs = ['search', 'menu', 'account', 'share', 'bookmark', 'comment'].map((name) =>
    svg(random, 2, 14, name),
  );
  const header =
    `<header class="site-header"><a class="skip-link" href="#main">Skip to content</a>` +
    `<div class="site-header__bar"><a class="site-header__logo" href="/">${logoSvg}</a>` +
    `<button class="site-header__menu" aria-label="Menu">${iconSvgs[1]}</button>` +
    `<form class="site-header__search" action="/search"><input type="search" name="q" placeholder="Search"><button>${iconSvgs[0]}</button></form>` +
    `<a class="site-header__account" href="/account">${iconSvgs[2]}Sign in</a><a class="button" href="/subscribe">Subscribe</a></div>` +
    `<nav class="nav" aria-label="Sections"><ul class="nav__list">${megaMenu(random)}</ul></nav></header>`;
  const footer =
    `<footer class="site-footer"><div class="site-footer__logo">${logoSvg}</div><div class="site-footer__columns">${footerColumns(random)}</div>` +
    `<p class="site-footer__legal">© 2026 The Daily Loopback Ltd. All rights reserved. Registered in England and Wales. ` +
    `Reproduction of any part of this site without written permission is prohibited. Prices and offers are subject to change.</p></footer>`;
  const cookieNotice =
    `<div class="cookie-banner" role="dialog" aria-label="Cookies"><p>We and our 847 partners use cookies and similar ` +
    `technologies to personalise content and ads, provide social media features and analyse our traffic.</p>` +
    `<button class="cookie-banner__accept">Accept all</button><button class="cookie-banner__reject">Reject all</button>` +
    `<a href="/privacy">Manage preferences</a></div>`;
  return { css: stylesheet(random, 22_000), logoSvg, iconSvgs, header, footer, cookieNotice };
}
