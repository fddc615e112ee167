import { escapeHtml } from '../html';
import type { SeededRandom } from '../prng';
import { phrase } from '../prose';

// The parts of the /heavy page around its article: what a content extractor has to throw away.

const slugify = (text: string): string => text.toLowerCase().replace(/\W+/g, '-');

export function inlineCss(random: SeededRandom): string {
  const blocks = ['header', 'nav', 'sidebar', 'article', 'comments', 'footer', 'card', 'tag', 'button', 'banner'];
  const states = ['', ':hover', ' a', ' h2', ' .meta', ' li'];
  const rules = blocks.flatMap((block) =>
    states.map((state) => {
      const color = random.int(0, 0xffffff).toString(16).padStart(6, '0');
      const box = `margin: ${random.int(0, 24)}px ${random.int(0, 24)}px; padding: ${random.int(0, 16)}px;`;
      const fontSize = (random.int(80, 140) / 100).toFixed(2);
      return `.site-${block}${state} { color: #${color}; ${box} font-size: ${fontSize}rem; }`;
    }),
  );
  const responsive = '@media (max-width: 720px) { .layout { display: block; } .site-sidebar { display: none; } }';
  return `<style>\n${rules.join('\n')}\n${responsive}\n</style>`;
}

function svgPath(random: SeededRandom, points: number): string {
  const steps = Array.from({ length: points }, () => `L${random.int(0, 64)} ${random.int(0, 64)}`);
  return `M${random.int(0, 64)} ${random.int(0, 64)} ${steps.join(' ')} Z`;
}

export function inlineSvg(random: SeededRandom): string {
  const icons = ['search', 'menu', 'share', 'print', 'comment', 'bookmark', 'rss', 'mail'];
  const symbols = icons.map(
    (icon) => `<symbol id="icon-${icon}" viewBox="0 0 64 64"><path d="${svgPath(random, 18)}"/></symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join('')}</svg>
<svg class="logo" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="48" height="48" aria-label="Riverside">
<title>Riverside</title><path fill="#1d3557" d="${svgPath(random, 30)}"/><circle cx="32" cy="32" r="12" fill="#e63946"/>
</svg>`;
}

export function jsonLd(): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: 'A Year on the River: Notes From the Towpath',
    datePublished: '2024-05-02T07:00:00Z',
    dateModified: '2024-05-03T09:15:00Z',
    author: [{ '@type': 'Person', name: 'Jonas Reed', url: 'https://fixtures.example/authors/jonas-reed' }],
    publisher: {
      '@type': 'Organization',
      name: 'The Riverside Gazette',
      logo: { '@type': 'ImageObject', url: 'https://fixtures.example/logo.png' },
    },
    image: ['https://fixtures.example/images/towpath-1x1.jpg', 'https://fixtures.example/images/towpath-16x9.jpg'],
  };
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

export function navigation(random: SeededRandom): string {
  const sections = ['News', 'History', 'Places', 'Events', 'Sport', 'Culture', 'Opinion', 'Guides'];
  const items = sections.map((section) => {
    const slug = section.toLowerCase();
    const children = Array.from({ length: 5 }, (_, index) => {
      const label = phrase(random, 3);
      return `<li><a href="/${slug}/${index + 1}-${slugify(label)}">${escapeHtml(label)}</a></li>`;
    });
    const submenu = `<ul class="submenu">${children.join('')}</ul>`;
    return `<li class="has-children"><a href="/${slug}">${section}</a>${submenu}</li>`;
  });
  return `<nav class="site-nav" aria-label="Main"><ul>${items.join('\n')}</ul></nav>`;
}

export function sidebar(random: SeededRandom): string {
  const popular = Array.from(
    { length: 10 },
    (_, index) => `<li><a href="/popular/${index + 1}">${escapeHtml(phrase(random, 6))}</a></li>`,
  );
  const tags = Array.from(
    { length: 30 },
    (_, index) => `<a class="tag" href="/tags/t${index}">${escapeHtml(phrase(random, 1).toLowerCase())}</a>`,
  );
  const months = Array.from({ length: 24 }, (_, index) => {
    const month = `${2024 - Math.floor(index / 12)}-${String(12 - (index % 12)).padStart(2, '0')}`;
    return `<li><a href="/archive/${month.replace('-', '/')}">${month}</a></li>`;
  });
  const banner = '<img src="https://ads.example.net/banner-300x250.png" alt="Advertisement">';
  return `<aside class="site-sidebar">
<section><h3>Popular this week</h3><ol>${popular.join('')}</ol></section>
<section><h3>Tags</h3><div class="tags">${tags.join(' ')}</div></section>
<section><h3>Archive</h3><ul>${months.join('')}</ul></section>
<section class="ad"><p>Advertisement</p><a href="https://ads.example.net/click?id=7">${banner}</a></section>
</aside>`;
}

export function footer(random: SeededRandom): string {
  const columns = ['About', 'Sections', 'Services', 'Follow us'].map((title) => {
    const links = Array.from(
      { length: 8 },
      (_, index) => `<li><a href="/${slugify(title)}/${index}">${escapeHtml(phrase(random, 2))}</a></li>`,
    );
    return `<div class="column"><h4>${title}</h4><ul>${links.join('')}</ul></div>`;
  });
  const legal = '<p class="legal">&copy; 2024 The Riverside Gazette</p>';
  return `<footer class="site-footer">${columns.join('\n')}${legal}</footer>`;
}

export function bigScript(random: SeededRandom): string {
  const recommendations = Array.from({ length: 120 }, (_, index) => ({
    id: `rec-${index}`,
    title: phrase(random, 5),
    score: random.int(0, 1000) / 1000,
    url: `/stories/${index}`,
    tags: [phrase(random, 1).toLowerCase(), phrase(random, 1).toLowerCase()],
  }));
  const experiments = Object.fromEntries(
    Array.from({ length: 40 }, (_, index) => [`exp_${index}`, random.pick(['control', 'variant-a', 'variant-b'])]),
  );
  const state = { page: { id: 'towpath-year', section: 'history' }, recommendations, experiments };
  return `<script>
window.__APP_STATE__ = ${JSON.stringify(state)};
(function () {
  var queue = [];
  function track(name, props) { queue.push({ name: name, props: props, at: Date.now() }); }
  function flush() { if (!queue.length) return; navigator.sendBeacon('/collect', JSON.stringify(queue.splice(0))); }
  document.addEventListener('click', function (event) {
    var link = event.target.closest('a');
    if (link) track('click', { href: link.getAttribute('href') });
  });
  window.addEventListener('pagehide', flush);
  setInterval(flush, 5000);
  track('view', { id: window.__APP_STATE__.page.id });
})();
</script>`;
}
