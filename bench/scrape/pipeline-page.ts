/**
 * A realistic ~75 KB article page, generated deterministically so benchmark runs compare like with like.
 * It carries what real pages carry and the pipeline must throw away: inline CSS, SVG icons, JSON-LD, a large
 * inline script, navigation, a sidebar, comments and a footer around the article.
 */

const WORDS = (
  'crawler markdown pipeline latency budget parser stream worker queue cluster replica payload schema index ' +
  'shard cache request response header cookie session browser render layout script token vector embedding ' +
  'model prompt summary extract selector anchor image table column row cell list item heading section ' +
  'article comment footer sidebar navigation content main reader signal noise measure median percentile ' +
  'throughput memory garbage allocation buffer string encoding charset decode entity attribute element node'
).split(' ');

/** mulberry32: tiny seeded generator, enough to vary text without making runs differ. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class TextSource {
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  words(count: number): string {
    const out: string[] = [];
    for (let i = 0; i < count; i += 1) out.push(WORDS[this.int(WORDS.length)]);
    return out.join(' ');
  }

  sentence(): string {
    const text = this.words(8 + this.int(14));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  /** A paragraph body with the inline markup articles use: links, emphasis, strong, inline code. */
  richParagraph(): string {
    const parts: string[] = [];
    const sentences = 3 + this.int(4);
    for (let i = 0; i < sentences; i += 1) {
      const sentence = this.sentence();
      switch (this.int(5)) {
        case 0:
          parts.push(
            `${sentence} See <a href="/docs/${this.words(1)}-${this.int(99)}">${this.words(2)}</a> for details.`,
          );
          break;
        case 1:
          parts.push(`${sentence} It is <em>${this.words(2)}</em> and <strong>${this.words(2)}</strong>.`);
          break;
        case 2:
          parts.push(`${sentence} Call <code>${this.words(1)}_${this.words(1)}()</code> once.`);
          break;
        default:
          parts.push(sentence);
      }
    }
    return parts.join(' ');
  }
}

function icon(name: string): string {
  const path =
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z';
  return (
    `<svg class="icon icon-${name}" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">` +
    `<title>${name}</title><path d="${path}"/><path d="${path}" transform="scale(0.5) translate(12 12)"/></svg>`
  );
}

function inlineCss(text: TextSource): string {
  const rules: string[] = [];
  for (let i = 0; i < 120; i += 1) {
    const name = text.words(1);
    rules.push(
      `.${name}-${i} > .${text.words(1)}:hover{color:#${(i * 2654435).toString(16).slice(0, 6).padEnd(6, '0')};` +
        `margin:${i % 7}px ${i % 5}px;padding:calc(${i % 9}px + 0.5rem);display:${i % 2 ? 'flex' : 'grid'}}`,
    );
  }
  return `<style>${rules.join('\n')}</style>`;
}

function bigScript(text: TextSource): string {
  const entries: string[] = [];
  for (let i = 0; i < 160; i += 1) {
    entries.push(`{"id":${i},"slug":"${text.words(1)}-${i}","label":"${text.words(4)}","weight":${text.int(1000)}}`);
  }
  return (
    `<script>window.__INITIAL_STATE__={"items":[${entries.join(',')}]};` +
    `(function(){var q=[];function t(e){q.push(e);if(q.length>10){navigator.sendBeacon("/t",JSON.stringify(q));q=[]}}` +
    `document.addEventListener("click",function(e){t({type:"click",target:e.target&&e.target.id})});})();</script>`
  );
}

function jsonLd(text: TextSource): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: 'Keeping a scraping pipeline cheap',
    description: text.sentence(),
    author: { '@type': 'Person', name: 'Ada Example' },
    datePublished: '2024-05-01T08:00:00Z',
    keywords: text.words(30).split(' '),
  };
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

function navigation(text: TextSource): string {
  const items: string[] = [];
  for (let i = 0; i < 30; i += 1) {
    items.push(
      `<li class="nav-item"><a class="nav-link" href="/section/${text.words(1)}-${i}">${i % 3 === 0 ? icon('chevron') : ''}${text.words(2)}</a></li>`,
    );
  }
  return `<nav class="main-nav" aria-label="Main"><ul class="nav-list">${items.join('')}</ul></nav>`;
}

function sidebar(text: TextSource): string {
  const items: string[] = [];
  for (let i = 0; i < 25; i += 1) {
    items.push(`<li><a href="/popular/${i}">${text.words(5)}</a> <span class="count">${text.int(500)}</span></li>`);
  }
  return (
    `<aside class="sidebar" role="complementary"><div class="widget"><h3>Popular</h3><ul>${items.join('')}</ul></div>` +
    `<div class="widget newsletter"><h3>Newsletter</h3><form action="/subscribe"><input type="email" name="email">` +
    `<button type="submit">${icon('mail')}Subscribe</button></form></div></aside>`
  );
}

function article(text: TextSource): string {
  const sections: string[] = [];
  for (let s = 0; s < 7; s += 1) {
    const blocks: string[] = [`<h2 id="section-${s}">${text.words(4)}</h2>`];
    for (let p = 0; p < 4; p += 1) blocks.push(`<p>${text.richParagraph()}</p>`);
    if (s % 2 === 0) {
      const items: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const nested = i % 2 === 0 ? `<ul><li>${text.words(5)}</li><li>${text.words(4)}</li></ul>` : '';
        items.push(`<li>${text.sentence()}${nested}</li>`);
      }
      blocks.push(`<ul>${items.join('')}</ul>`);
    }
    if (s === 2) {
      const rows: string[] = [];
      for (let r = 0; r < 10; r += 1) {
        rows.push(
          `<tr><td><a href="/runs/${r}">run ${r}</a></td><td><code>${text.words(1)}</code></td>` +
            `<td>${text.int(100)} ms</td><td><strong>${text.int(10)}</strong></td></tr>`,
        );
      }
      blocks.push(
        `<table class="results"><thead><tr><th>Run</th><th>Stage</th><th>Median</th><th>Errors</th></tr></thead>` +
          `<tbody>${rows.join('')}</tbody></table>`,
      );
    }
    if (s % 3 === 1) {
      const lines: string[] = [];
      for (let l = 0; l < 12; l += 1)
        lines.push(`  const ${text.words(1)}${l} = await ${text.words(1)}(&quot;${text.words(2)}&quot;);`);
      blocks.push(`<pre><code class="language-ts">async function run() {\n${lines.join('\n')}\n}</code></pre>`);
    }
    if (s === 4) {
      blocks.push(
        `<figure><img src="/images/chart-${s}.png" alt="${text.words(3)}"><figcaption>${text.sentence()}</figcaption></figure>`,
      );
      blocks.push(`<blockquote><p>${text.richParagraph()}</p></blockquote>`);
    }
    sections.push(`<section>${blocks.join('\n')}</section>`);
  }
  return (
    `<article class="post"><header class="post-header"><h1>Keeping a scraping pipeline cheap</h1>` +
    `<p class="byline">By <a href="/authors/ada" rel="author">Ada Example</a> · <time datetime="2024-05-01">May 1, 2024</time></p>` +
    `<div class="share">${icon('twitter')}${icon('facebook')}${icon('link')}</div></header>` +
    `<div class="post-body">${sections.join('\n')}</div></article>`
  );
}

function comments(text: TextSource): string {
  const items: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    items.push(
      `<li class="comment" id="comment-${i}"><div class="comment-meta">${icon('user')}<a href="/users/${i}">${text.words(2)}</a>` +
        ` <time>${i + 1} days ago</time></div><div class="comment-body"><p>${text.sentence()} ${text.sentence()}</p></div>` +
        `<button class="reply" onclick="reply(${i})">Reply</button></li>`,
    );
  }
  return `<section class="comments" id="comments"><h2>Comments</h2><ol class="comment-list">${items.join('')}</ol></section>`;
}

function footer(text: TextSource): string {
  const columns: string[] = [];
  for (let c = 0; c < 4; c += 1) {
    const links: string[] = [];
    for (let i = 0; i < 8; i += 1) links.push(`<li><a href="/footer/${c}/${i}">${text.words(2)}</a></li>`);
    columns.push(`<div class="footer-col"><h4>${text.words(1)}</h4><ul>${links.join('')}</ul></div>`);
  }
  return (
    `<footer class="site-footer"><div class="footer-cols">${columns.join('')}</div>` +
    `<p class="social">${icon('github')}${icon('rss')}${icon('mastodon')}</p><p>© 2024 Example Media</p></footer>`
  );
}

/** Builds the benchmark page: same bytes on every call. */
export function buildPipelinePage(): string {
  const text = new TextSource(42);
  const head =
    '<head><meta charset="utf-8"><title>Keeping a scraping pipeline cheap | Example Media</title>' +
    '<meta name="description" content="How to turn pages into markdown without spending a core per page.">' +
    '<meta property="og:title" content="Keeping a scraping pipeline cheap">' +
    '<meta property="og:image" content="https://example.com/og/pipeline.png">' +
    '<meta name="twitter:card" content="summary_large_image">' +
    '<link rel="icon" href="/favicon.ico"><link rel="stylesheet" href="/static/site.css">' +
    `${inlineCss(text)}${jsonLd(text)}</head>`;
  const body =
    `<body class="layout"><header class="site-header"><a class="logo" href="/">${icon('logo')}Example Media</a>` +
    `${navigation(text)}</header><div class="container"><main id="main">${article(text)}${comments(text)}</main>` +
    `${sidebar(text)}</div>${footer(text)}${bigScript(text)}</body>`;
  return `<!DOCTYPE html><html lang="en">${head}${body}</html>`;
}
