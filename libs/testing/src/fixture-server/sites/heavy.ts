import { escapeHtml } from '../html';
import { SeededRandom } from '../prng';
import { phrase, sentences } from '../prose';
import type { FixtureRoute } from '../routing';
import { sendHtml } from '../routing';
import { bigScript, footer, inlineCss, inlineSvg, jsonLd, navigation, sidebar } from './heavy-chrome';

const SECTION_COUNT = 12;
const COMMENT_COUNT = 30;

function sectionExtras(random: SeededRandom, index: number): string {
  switch (index) {
    case 1:
    case 5:
      return `<ul>${Array.from({ length: 5 }, () => `<li>${escapeHtml(phrase(random, 5))}</li>`).join('')}</ul>`;
    case 2: {
      const rows = Array.from({ length: 6 }, (_, row) => {
        const level = (random.int(40, 260) / 100).toFixed(2);
        return `<tr><td>Station ${row + 1}</td><td>${level} m</td><td>${random.int(1, 28)} May</td></tr>`;
      });
      const head = '<thead><tr><th>Station</th><th>Level</th><th>Measured</th></tr></thead>';
      return `<table>${head}<tbody>${rows.join('')}</tbody></table>`;
    }
    case 3:
      return `<pre><code class="language-python">def average_level(readings):
    """Mean level over the readings, ignoring gaps."""
    values = [r.level for r in readings if r.level is not None]
    return sum(values) / len(values) if values else None
</code></pre>`;
    case 6:
      return `<blockquote><p>${escapeHtml(sentences(random, 2))}</p><cite>A towpath regular</cite></blockquote>`;
    default: {
      if (index % 2 !== 0) return '';
      const image = `<img src="/images/towpath-${index}.jpg" alt="${escapeHtml(phrase(random, 4))}" loading="lazy">`;
      return `<figure>${image}<figcaption>${escapeHtml(phrase(random, 6))}</figcaption></figure>`;
    }
  }
}

function article(random: SeededRandom): string {
  const sections = Array.from({ length: SECTION_COUNT }, (_, index) => {
    const heading = `<h2>${escapeHtml(phrase(random, 5))}</h2>`;
    const paragraphs = Array.from({ length: 4 }, () => `<p>${escapeHtml(sentences(random, random.int(4, 6)))}</p>`);
    const subsection =
      index % 3 === 0 ? `<h3>${escapeHtml(phrase(random, 4))}</h3><p>${escapeHtml(sentences(random, 3))}</p>` : '';
    const body = `${paragraphs.join('\n')}${subsection}${sectionExtras(random, index)}`;
    return `<section id="part-${index + 1}">${heading}${body}</section>`;
  });
  return `<article class="site-article">
<h1>A Year on the River: Notes From the Towpath</h1>
<p class="meta">By <a href="/authors/jonas-reed">Jonas Reed</a> · <time datetime="2024-05-02">2 May 2024</time></p>
<p class="lead"><strong>${escapeHtml(sentences(random, 2))}</strong></p>
${sections.join('\n')}
</article>`;
}

function comments(random: SeededRandom): string {
  const names = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Esme', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jakob'];
  const items = Array.from({ length: COMMENT_COUNT }, (_, index) => {
    const day = (index % 28) + 1;
    const time = `<time datetime="2024-05-${String(day).padStart(2, '0')}">${day} May</time>`;
    const meta = `<span class="author">${random.pick(names)}</span> ${time}`;
    const text = `<p>${escapeHtml(sentences(random, random.int(2, 4)))}</p>`;
    const reply = `<a class="reply" href="#reply-${index + 1}">Reply</a>`;
    return `<li class="comment" id="comment-${index + 1}"><div class="comment-meta">${meta}</div>${text}${reply}</li>`;
  });
  const form = '<form class="comment-form" action="/comments" method="post"><textarea name="body"></textarea></form>';
  const list = `<h2>${COMMENT_COUNT} comments</h2><ol>${items.join('\n')}</ol>`;
  return `<section class="site-comments">${list}\n${form}</section>`;
}

/** A realistic news page of about 75 KB: chrome, long article, comments, CSS, SVG, JSON-LD and a big script. */
export function heavyPage(): string {
  // One seed for everything, so the page is byte-for-byte the same on every run.
  const random = new SeededRandom(75);
  const search = '<form class="search" action="/search"><input name="q"><button>Search</button></form>';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>A Year on the River: Notes From the Towpath | The Riverside Gazette</title>
<meta name="description" content="Twelve months of walking the towpath, measured, photographed and argued about.">
<meta property="og:title" content="A Year on the River">
<link rel="canonical" href="https://fixtures.example/stories/towpath-year">
${inlineCss(random)}
${jsonLd()}
</head>
<body>
${inlineSvg(random)}
<header class="site-header"><a href="/" class="brand">The Riverside Gazette</a>
${search}
${navigation(random)}
</header>
<div class="site-banner">Subscribe for unlimited access. <a href="/subscribe">Start your trial</a></div>
<div class="layout">
<main>
${article(random)}
${comments(random)}
</main>
${sidebar(random)}
</div>
${footer(random)}
${bigScript(random)}
</body>
</html>
`;
}

const HEAVY_HTML = heavyPage();

/** `/heavy`: see {@link heavyPage}. */
export const heavyRoutes: FixtureRoute[] = [{ pattern: '/heavy', handle: ({ res }) => sendHtml(res, HEAVY_HTML) }];
