import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { convertHtml } from './convert-html';
import type { ConvertRequest } from './convert-request';

const FIXTURES = path.join(__dirname, '__fixtures__');
const PAGE_URL = 'https://example.com/blog/post.html';
const DEFAULTS: Omit<ConvertRequest, 'html'> = {
  url: PAGE_URL,
  formats: ['markdown'],
  onlyMainContent: true,
  includeTags: [],
  excludeTags: [],
  removeBase64Images: false,
};

function fixture(name: string, file: string): string {
  return readFileSync(path.join(FIXTURES, name, file), 'utf8');
}

function convert(html: string, overrides: Partial<ConvertRequest> = {}): ReturnType<typeof convertHtml> {
  return convertHtml({ ...DEFAULTS, ...overrides, html });
}

const LONG_TEXT =
  'Harbour seals haul out on the sandbanks at low tide and rest there until the water returns. ' +
  'They are easily disturbed, so watchers keep their distance and their dogs on a lead. ';

describe('convertHtml markdown, golden cases (__fixtures__/<case>/{input.html,request.json,expected.md})', () => {
  it.each(readdirSync(FIXTURES))('%s', (name) => {
    const overrides = JSON.parse(fixture(name, 'request.json')) as Partial<ConvertRequest>;
    const result = convertHtml({ ...DEFAULTS, ...overrides, html: fixture(name, 'input.html') });
    expect(result.outputs.markdown).toBe(fixture(name, 'expected.md').replace(/\n$/, ''));
  });
});

describe('convertHtml', () => {
  const page = `<!DOCTYPE html><html lang="en"><head><title>Seals</title>
    <script>document.title = 'changed';</script><style>p { color: red }</style></head>
    <body><nav><a href="/home">Home</a></nav>
    <article><h1>Seals</h1><!-- a comment --><p style="color: red" onclick="track()">${LONG_TEXT.repeat(3)}
      <a href="../spotting">Spotting guide</a> <img src="img/seal.jpg" alt="Seal"></p>
      <svg><title>icon</title><path d="M0 0"/></svg></article>
    <footer><a href="mailto:info@example.com">Mail</a></footer></body></html>`;

  it('computes only the requested formats, metadata and the shell reading always, the page facts apart', () => {
    const result = convert(page, { formats: ['links'] });
    expect(Object.keys(result.outputs).sort()).toEqual(['links', 'metadata']);
    expect(Object.keys(result.page)).toEqual(['unrendered']);
    expect(result.outputs.metadata.title).toBe('Seals');
  });

  it('returns rawHtml untouched', () => {
    expect(convert(page, { formats: ['rawHtml'] }).outputs.rawHtml).toBe(page);
  });

  it('finds links and images in the whole page, not only in the main content', () => {
    const result = convert(page, { formats: ['links', 'images'] });
    expect(result.outputs.links).toEqual([
      'https://example.com/home',
      'https://example.com/spotting',
      'mailto:info@example.com',
    ]);
    expect(result.outputs.images).toEqual(['https://example.com/blog/img/seal.jpg']);
  });

  it('returns cleaned HTML of the main content with absolute URLs and nothing executable', () => {
    const html = convert(page, { formats: ['html'] }).outputs.html ?? '';
    expect(html).toContain('<a href="https://example.com/spotting">Spotting guide</a>');
    expect(html).toContain('<img src="https://example.com/blog/img/seal.jpg" alt="Seal">');
    expect(html).not.toMatch(/<script|<style|<svg|<!--|onclick|style=|Home/);
  });

  it('keeps header, navigation and footer when onlyMainContent is false', () => {
    const markdown = convert(page, { onlyMainContent: false }).outputs.markdown ?? '';
    expect(markdown).toMatch(/^\[Home\]\(https:\/\/example\.com\/home\)\n\n# Seals\n/);
    expect(markdown).toMatch(/\[Mail\]\(mailto:info@example\.com\)$/);
  });

  it('keeps the heading that repeats the page title, and its level', () => {
    const html = `<title>A field guide to the seals of the north sea</title>
      <article><h1>A field guide to the seals of the north sea</h1><p>${LONG_TEXT.repeat(3)}</p>
      <h2>Where to see them</h2><p>${LONG_TEXT}</p></article>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toMatch(/^# A field guide to the seals of the north sea\n/);
    expect(markdown).toContain('\n## Where to see them\n');
  });

  it("keeps an article's headings whose class calls them a section's header", () => {
    const html = `<title>Seals</title><article><h1>Seals</h1><p>${LONG_TEXT.repeat(3)}</p>
      <h2 class="section-header">Where to see them</h2>
      <p>The sandbanks off the northern coast are the best place, reached by boat from the harbour in an hour.</p>
      <h3 class="header-anchor-post">When to go</h3>
      <p>Pups are born in June and July; in those weeks the colonies are closed to boats to keep them calm.</p></article>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain('\n## Where to see them\n');
    expect(markdown).toContain('\n### When to go\n');
  });

  it('keeps the text of elements whose utility classes say "extra" of their weight or spacing', () => {
    const html = `<title>Seals</title><article><h1>Seals</h1><p>${LONG_TEXT.repeat(3)}</p>
      <div class="leading-extra-tight"><p>Pups are born in June and July; in those weeks the colonies are closed to boats.</p>
      <p class="font-extrabold">Keep at least fifty metres from a resting seal.</p></div></article>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain('colonies are closed to boats');
    expect(markdown).toContain('Keep at least fifty metres');
  });

  it("keeps an FAQ's questions whose title bars wrap each heading with an icon in a disclosure button", () => {
    const question = (n: number, text: string) =>
      `<div class="faq-title"><button aria-expanded="${n === 1}" aria-controls="a${n}"><div class="title">` +
      `<h3>${text}</h3><div class="chevron"></div></div></button></div>`;
    const html = `<title>Seals</title><article><h1>Seals</h1><p>${LONG_TEXT.repeat(3)}</p><h2>Questions</h2>
      <div class="faq">${question(1, 'Can I swim with them?')}<div id="a1"><p>No: keep at least fifty metres from a
      resting seal, in the water as on the sand.</p></div>${question(2, 'When are pups born?')}<div id="a2"><p>In June
      and July, when the colonies are closed to boats to keep them calm.</p></div></div></article>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain('\n### Can I swim with them?\n\nNo: keep at least fifty metres');
    expect(markdown).toContain('\n### When are pups born?\n\nIn June');
  });

  it('keeps a data: image in markdown unless asked to remove it', () => {
    const html = `<p>${LONG_TEXT}<img src="data:image/png;base64,iVBORw0KGgo=" alt="Chart"></p>`;
    expect(convert(html).outputs.markdown).toContain('![Chart](data:image/png;base64,iVBORw0KGgo=)');
    expect(convert(html, { removeBase64Images: true }).outputs.markdown).toContain('![Chart](<Base64-Image-Removed>)');
  });

  it('resolves against <base href> in markdown, links and images', () => {
    const html = `<head><base href="https://cdn.example.org/docs/"></head>
      <body><p>${LONG_TEXT}<a href="guide.html">Guide</a> <img src="a.png" alt="A"></p></body>`;
    const result = convert(html, { formats: ['markdown', 'links', 'images'] });
    expect(result.outputs.markdown).toContain('[Guide](https://cdn.example.org/docs/guide.html)');
    expect(result.outputs.markdown).toContain('![A](https://cdn.example.org/docs/a.png)');
    expect(result.outputs.links).toEqual(['https://cdn.example.org/docs/guide.html']);
    expect(result.outputs.images).toEqual(['https://cdn.example.org/docs/a.png']);
  });

  it('falls back to the whole page when Readability finds no main content', () => {
    // Everything sits in a "sidebar", which Readability's first pass (and the pre-filter mirroring it) throws away.
    const html = `<body><div class="sidebar"><p>${LONG_TEXT}</p></div></body>`;
    expect(convert(html).outputs.markdown).toBe(LONG_TEXT.trim());
  });

  it('keeps every post of a thread, not only the longest one', () => {
    const posts = ['Ada', 'Brian', 'Chen', 'Dana']
      .map(
        (name, index) =>
          `<div class="post"><div class="author">${name}</div><div class="body"><p>Reply ${index}: ${LONG_TEXT}</p></div></div>`,
      )
      .join('');
    const html = `<body><div class="topbar"><a href="/">Forum</a> <a href="/latest">Latest</a></div>
      <div id="thread"><h1>Seal watching etiquette</h1><div class="posts">${posts}</div></div></body>`;
    const markdown = convert(html).outputs.markdown ?? '';
    for (const name of ['Ada', 'Brian', 'Chen', 'Dana']) expect(markdown).toContain(name);
    for (const index of [0, 1, 2, 3]) expect(markdown).toContain(`Reply ${index}:`);
    expect(markdown).not.toContain('Latest');
  });

  it('looks again in the whole page when the content sits in elements whose class reads like boilerplate', () => {
    const html = `<body><a href="#main">Skip to content</a><div class="comment-list">
      <div class="comment"><p>First: ${LONG_TEXT}</p></div><div class="comment"><p>Second: ${LONG_TEXT}</p></div></div></body>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain(`First: ${LONG_TEXT.trim()}`);
    expect(markdown).toContain(`Second: ${LONG_TEXT.trim()}`);
  });

  it('looks again in the whole page for content a script reveals, still without the menus and dialogs', () => {
    const dialog = `<div role="dialog"><h2>Choose your country</h2><p>Prices and delivery: ${LONG_TEXT.repeat(3)}</p></div>`;
    const html = `<body>${dialog}<div class="lockdown" style="display:none"><p>Seals: ${LONG_TEXT}</p></div></body>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain(`Seals: ${LONG_TEXT.trim()}`);
    expect(markdown).not.toContain('Choose your country');
  });

  it('keeps the blank lines and the line ends of code whose lines are <br>s in a <pre>', () => {
    const code = '#!/usr/bin/env python3<br><br>import subprocess<br>import time<br><br>def run():<br>  return 1';
    const opening =
      'Every morning the same tabs, apps and services come up, so a short script now opens them in order.';
    const html = `<body><article><h1>Automating a morning</h1><p>${opening}</p><pre>${code}</pre><p>${LONG_TEXT}</p></article></body>`;
    expect(convert(html).outputs.markdown).toContain(
      '```\n#!/usr/bin/env python3\n\nimport subprocess\nimport time\n\ndef run():\n  return 1\n```',
    );
  });

  it('keeps the indentation of code a highlighter writes as a block per line, the indent as bare text', () => {
    const lines = ['def run():', '    if ready:', '        return 1', '    return 0'];
    const code = lines.map((text) => `<div class="cm-line">${text.replace(/\S.*/, '<span>$&</span>')}</div>`);
    const opening =
      'Every morning the same tabs, apps and services come up, so a short script now opens them in order.';
    const html = `<body><article><h1>Automating a morning</h1><p>${opening}</p><pre>${code.join('')}</pre><p>${LONG_TEXT}</p></article></body>`;
    expect(convert(html).outputs.markdown).toContain(`\`\`\`\n${lines.join('\n')}\n\`\`\``);
  });

  it("writes a gist's table of code lines as a fenced code block with its indentation and its file's language", () => {
    const lines = ['def greet(name):', '    if name:', '        return name', '', '    return "you"'];
    const rows = lines.map(
      (line, index) =>
        `<tr><td class="blob-num js-line-number" data-line-number="${index + 1}"></td>` +
        `<td class="blob-code blob-code-inner js-file-line">${line.replace(/(def|return|if)/g, '<span class="pl-k">$1</span>')}</td></tr>`,
    );
    const html = `<body><article><h1>Greeting people</h1><p>${LONG_TEXT}</p>
      <div class="gist"><div class="blob-wrapper data type-python"><table class="highlight tab-size js-file-line-container">
      <tbody>${rows.join('\n')}</tbody></table></div></div>
      <p>That is all there is to it, and it greets every name we tried.</p></article></body>`;
    expect(convert(html).outputs.markdown).toContain(`\n\`\`\`python\n${lines.join('\n')}\n\`\`\`\n`);
  });

  it("keeps a short FAQ page's questions with the answers its accordion hides", () => {
    const item = (question: string, answer: string): string =>
      `<h3><button aria-expanded="false" aria-controls="a">${question}</button></h3><div hidden><p>${answer}</p></div>`;
    const html = `<body><main><h1>Visiting the seals</h1>
      ${item('When are the seals on the sandbanks?', `At low tide. ${LONG_TEXT}`)}
      ${item('May I bring my dog?', `On a lead. ${LONG_TEXT}`)}</main></body>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain('### When are the seals on the sandbanks?\n\nAt low tide. Harbour seals');
    expect(markdown).toContain('### May I bring my dog?\n\nOn a lead. Harbour seals');
  });

  it('keeps the replies of a page that declares itself a discussion, even in elements classed "comment"', () => {
    const replies = `<div class="comments"><div class="comment"><p>Reply one: ${LONG_TEXT}</p></div>
      <div class="comment"><p>Reply two: ${LONG_TEXT}</p></div></div>`;
    const page = (
      type: string,
    ): string => `<head><script type="application/ld+json">{"@type": "${type}"}</script></head>
      <body><div class="thread"><div class="question"><h1>Seals on the beach</h1><p>${LONG_TEXT.repeat(2)}</p></div>${replies}</div></body>`;
    expect(convert(page('DiscussionForumPosting')).outputs.markdown).toContain('Reply two:');
    expect(convert(page('NewsArticle')).outputs.markdown).not.toContain('Reply two:');
  });

  it('leaves out the sidebar of a page that declares itself a discussion', () => {
    const trending = Array.from(
      { length: 6 },
      (_, index) => `<li><a href="/t/${index}">Trending thread number ${index}
      about harbour seals and their pups</a> <span>Started by someone, ${index} replies</span></li>`,
    ).join('');
    const html = `<head><script type="application/ld+json">{"@type": "DiscussionForumPosting"}</script></head><body>
      <div class="page-main"><div class="thread"><h1>Seals on the beach</h1>
      <div class="comment"><p>First post: ${LONG_TEXT}</p></div><div class="comment"><p>Reply: ${LONG_TEXT}</p></div></div>
      <div class="page-sidebar"><h3>Trending threads</h3><ul>${trending}</ul><p>${LONG_TEXT}</p></div></div></body>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain('Reply: ');
    expect(markdown).not.toContain('Trending thread');
  });

  it('reads a question and its answers without the comments under them or the prompts after them', () => {
    const comments = (name: string): string => `<ul class="notes"><li itemscope itemtype="https://schema.org/Comment">
      <span>Remark on ${name}: could you post the full error message and the version you run?</span></li></ul>`;
    const answers = ['Ada', 'Brian', 'Chen'].map(
      (name) => `<div class="answer" itemscope itemtype="https://schema.org/Answer">
      <div itemprop="text"><p>${name} answers: ${LONG_TEXT}</p></div>${comments(name)}</div>`,
    );
    const html = `<body itemscope itemtype="https://schema.org/QAPage"><div itemscope itemtype="https://schema.org/Question">
      <h1 itemprop="name">Seals on the beach</h1><div class="question"><div itemprop="text"><p>Is it safe to walk there?</p></div>
      ${comments('the question')}</div><div id="answers">${answers.join('')}</div>
      <div class="notice"><p>Not the answer you are looking for? Browse other questions tagged seals or ask your own.</p></div>
      </div></body>`;
    const markdown = convert(html).outputs.markdown ?? '';
    expect(markdown).toContain('Is it safe to walk there?');
    expect(markdown).toContain('Chen answers:');
    expect(markdown).not.toContain('Remark on');
    expect(markdown).not.toContain('Browse other questions');
  });

  it('applies excludeTags before extracting the main content', () => {
    const html = `<article><p>${LONG_TEXT}</p><p class="promo">Subscribe now, it is very cheap and quite good.</p>
      <p>${LONG_TEXT}</p></article>`;
    expect(convert(html, { excludeTags: ['.promo'] }).outputs.markdown).not.toContain('Subscribe');
  });

  it('yields the content of a page whose stylesheet makes jsdom throw', () => {
    const html = fixture('malformed-css', 'input.html');
    expect(() => new JSDOM(html)).toThrow();
    const result = convert(html, { formats: ['markdown', 'html'] });
    expect(result.outputs.markdown).toContain('# Still readable');
    expect(result.outputs.html).toContain('<h1>Still readable</h1>');
  });
});

describe('main content on a short page', () => {
  it('leaves out <nav> even where Readability would keep it', () => {
    const html =
      '<html><body><nav><a href="/x">Nav</a></nav><main><h1>Hello</h1><p>Short page.</p></main></body></html>';
    const markdown = convertHtml({
      html,
      url: 'https://a.example/',
      formats: ['markdown'],
      onlyMainContent: true,
      includeTags: [],
      excludeTags: [],
      removeBase64Images: true,
    }).outputs.markdown;
    expect(markdown).toBe('# Hello\n\nShort page.');
    const whole = convertHtml({
      html,
      url: 'https://a.example/',
      formats: ['markdown'],
      onlyMainContent: false,
      includeTags: [],
      excludeTags: [],
      removeBase64Images: true,
    }).outputs.markdown;
    expect(whole).toContain('[Nav](https://a.example/x)');
  });
});

describe('main content of a page drawn by its scripts', () => {
  const description =
    'Howdy everyone, I am new to astronomy & looking for a first telescope <under $500> that shows the planets.';
  const shell = (body: string): string =>
    `<html><head><title>First telescope - Forum</title><meta name="description" content="${description.replace(/&/g, '&amp;').replace(/</g, '&lt;')}"></head>` +
    `<body>${body}<script src="/app.js"></script></body></html>`;

  it("is the page's own description when the body holds next to no text", () => {
    const result = convert(shell('<div id="app"></div>'), { formats: ['markdown', 'html'] });
    expect(result.outputs.markdown).toBe(
      'Howdy everyone, I am new to astronomy & looking for a first telescope \\<under $500> that shows the planets.',
    );
    expect(result.outputs.html).toContain('&lt;under $500&gt;');
  });

  it('keeps what little the body holds after the description', () => {
    // A cookie notice would be the likeliest such text, but it goes as one (heuristics/cookie-notice.ts).
    const markdown = convert(shell('<p>Posted in Beginners.</p>')).outputs.markdown;
    expect(markdown).toMatch(/^Howdy everyone[^\n]*\n\nPosted in Beginners\.$/);
  });

  it('is left alone when the body holds at least half as much text as the description', () => {
    const body = '<main><h1>Telescopes</h1><p>Refractors suit beginners who want sharp views of planets.</p></main>';
    expect(convert(shell(body)).outputs.markdown).toBe(
      '# Telescopes\n\nRefractors suit beginners who want sharp views of planets.',
    );
  });

  it('is the whole page, description left out, when onlyMainContent is false', () => {
    expect(convert(shell('<div id="app"></div>'), { onlyMainContent: false }).outputs.markdown).toBe('');
  });
});

describe('convertHtml, whether the page is an unrendered script shell', () => {
  const appShell =
    '<html><head><title>App</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';

  it.each([[['markdown']], [['links']], [['rawHtml']]] as const)('is read whatever the formats: %j', (formats) => {
    expect(convert(appShell, { formats: [...formats] }).page.unrendered).toBe(true);
    expect(
      convert(`<body><p>${LONG_TEXT.repeat(3)}</p><script>track()</script></body>`, { formats: [...formats] }).page
        .unrendered,
    ).toBe(false);
  });
});

describe('convertHtml, the links a crawl may follow', () => {
  const linkScope = {
    startUrl: 'https://example.com/blog/',
    crawlEntireDomain: false,
    allowSubdomains: false,
    allowExternalLinks: false,
    includePaths: [],
    excludePaths: ['^/blog/tag/'],
    regexOnFullURL: false,
  };
  const page =
    '<body><nav><a href="/">Home</a><a href="/blog/tag/seals">Seals</a></nav>' +
    '<a href="next.html">Next</a><a href="next.html#comments">Comments</a><a href="https://www.example.com/blog/old">Old</a>' +
    '<a href="https://other.test/blog/x">Elsewhere</a><a href="/blog/feed.json">Feed</a><a href="mailto:a@example.com">Mail</a></body>';

  it('are the links within the scope, without fragments, each once, beside all of them in the links format', () => {
    const result = convert(page, { formats: ['markdown', 'links'], linkScope });
    expect(result.page.linksInScope).toEqual([
      'https://example.com/blog/next.html',
      'https://www.example.com/blog/old',
    ]);
    expect(result.outputs.links).toHaveLength(8);
  });

  it('are read without the links format, which then stays absent', () => {
    const result = convert(page, { formats: ['markdown'], linkScope });
    expect(result.page.linksInScope).toHaveLength(2);
    expect(result.outputs.links).toBeUndefined();
  });

  it('are absent without a scope', () => {
    expect(convert(page, { formats: ['links'] }).page.linksInScope).toBeUndefined();
  });
});

describe('convertHtml, a page that only Open Graph calls an article', () => {
  const paragraphs = [1, 2, 3, 4, 5, 6].map((count) => `<p>Count ${count}: ${LONG_TEXT}</p>`).join('');
  const story = `<div class="page"><h1>Seals on the sandbanks</h1>${paragraphs}
    <h2>References</h2><p>Marine Survey, Seal counts in the estuary, 2025.</p></div>`;
  const page = (head: string): string =>
    `<!DOCTYPE html><html><head><title>Seals</title>${head}</head><body>${story}</body></html>`;
  const OPEN_GRAPH_ARTICLE = '<meta property="og:type" content="article">';

  it('is cleaned as an article once Readability reads it as one: its list of references goes', () => {
    const markdown = convert(page(OPEN_GRAPH_ARTICLE)).outputs.markdown ?? '';
    expect(markdown).toContain('Harbour seals haul out');
    expect(markdown).not.toContain('Seal counts in the estuary');
  });

  it('is not without the Open Graph type', () => {
    expect(convert(page('<meta property="og:type" content="website">')).outputs.markdown).toContain(
      'Seal counts in the estuary',
    );
  });
});

describe('convertHtml, a page whose address files it as a story', () => {
  const html = `<!DOCTYPE html><html><head><title>Seals</title></head><body><div class="page">
    <h1>Seals on the sandbanks</h1>${[1, 2, 3].map((count) => `<p>Count ${count}: ${LONG_TEXT}</p>`).join('')}
    <h2>Sources</h2><p>Marine Survey, Seal counts in the estuary, 2025.</p></div></body></html>`;

  it('is read as an article: its list of sources goes', () => {
    const markdown = convert(html, { url: 'https://example.com/blog/seals-on-the-sandbanks' }).outputs.markdown;
    expect(markdown).toContain('Harbour seals haul out');
    expect(markdown).not.toContain('Seal counts in the estuary');
  });

  it('is not when the address is a page of the site', () => {
    const markdown = convert(html, { url: 'https://example.com/seals' }).outputs.markdown;
    expect(markdown).toContain('Seal counts in the estuary');
  });

  it("is read as one from its og:url when served from an address that names no site (a mirror's, a test server's)", () => {
    const copy = html.replace(
      '<title>',
      '<meta property="og:url" content="https://example.com/blog/seals-on-the-sandbanks"><title>',
    );
    for (const url of ['http://127.0.0.1:8765/page/17', 'http://localhost/copy']) {
      expect(convert(copy, { url }).outputs.markdown).not.toContain('Seal counts in the estuary');
    }
    // A site's own address wins over whatever its og:url names (a template's may name its staging host).
    expect(convert(copy, { url: 'https://example.org/seals' }).outputs.markdown).toContain(
      'Seal counts in the estuary',
    );
  });
});
