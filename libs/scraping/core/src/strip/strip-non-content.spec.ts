import { type StripOptions, stripNonContent } from './strip-non-content';

const OPTIONS: StripOptions = {
  baseUrl: 'https://example.com/a/page',
  mainContentPrefilter: false,
  keepAllAttributes: false,
};

describe('stripNonContent', () => {
  it('drops scripts, styles, SVG, templates, comments, frames and head metadata but keeps the text around them', () => {
    const html = `<!DOCTYPE html><html><head><title>T</title><meta name="x" content="y"><link rel="stylesheet" href="s.css">
      <style>p{color:red}</style><script type="application/ld+json">{"a":1}</script></head>
      <body><p>Hello<!-- note --> <script>alert(1)</script>world</p><svg><path d="M0"/></svg>
      <template><p>later</p></template><noscript>Enable JS</noscript><iframe src="/ad"></iframe></body></html>`;
    expect(stripNonContent(html, OPTIONS).replace(/\s+/g, ' ').trim()).toBe('<p>Hello world</p>');
  });

  it('unwraps a <noscript> holding a page for clients without scripts, and drops a short notice', () => {
    const post = 'A reply that is long enough to be the content of a thread a crawler is shown. '.repeat(3);
    const html = `<body><noscript>Please enable JavaScript.</noscript><noscript><div id="main"><p>${post}</p></div></noscript></body>`;
    expect(stripNonContent(html, OPTIONS)).toBe(`<div id="main"><p>${post}</p></div>`);
  });

  it('keeps a video or an audio player but drops the fallback it holds for browsers that cannot play it', () => {
    const html =
      '<body><p>Watch the demo.</p><video poster="p.jpg" controls><source src="d.mp4" type="video/mp4">' +
      '<p>Your browser does not support the video tag. <a href="d.mp4">Download it</a>.</p></video>' +
      '<audio src="a.mp3">Sorry, your browser doesn’t support embedded audio.</audio><p>After the player.</p></body>';
    expect(stripNonContent(html, OPTIONS)).toBe(
      '<p>Watch the demo.</p><video poster="https://example.com/a/p.jpg"></video>' +
        '<audio src="https://example.com/a/a.mp3"></audio><p>After the player.</p>',
    );
  });

  it('ends a stray <![CDATA[ at the next ">" as browsers do, instead of losing the rest of the page to it', () => {
    // The bogus comment takes '<div id="top"' with it, as in a browser; the thread after it stays.
    const html = '<body><![CDATA[<div id="top"></div><p>The whole thread.</p></body>';
    expect(stripNonContent(html, OPTIONS)).toBe('<p>The whole thread.</p>');
  });

  it('keeps only content attributes, drops style and event handlers, and makes URLs absolute', () => {
    const html = `<a href="../b?x=1&amp;y=2" class="k" style="color:red" onclick="go()" data-track="1">B</a>
      <a href="javascript:void(0)">J</a><img src="i.png" alt="I" width="10"><video poster="p.jpg"></video>`;
    expect(stripNonContent(html, OPTIONS)).toBe(
      '<a href="https://example.com/b?x=1&amp;y=2" class="k">B</a>\n      <a>J</a>' +
        '<img src="https://example.com/a/i.png" alt="I"><video poster="https://example.com/a/p.jpg"></video>',
    );
  });

  it('drops navigation and dialogs by their role alone when asked to, keeping what names and styles hide', () => {
    const html =
      '<nav><a href="/">Home</a></nav><div role="dialog"><p>Choose a country</p></div>' +
      '<div class="sidebar" style="display:none"><p>The content a script reveals.</p></div>';
    expect(stripNonContent(html, { ...OPTIONS, dropNavigation: true })).toBe(
      '<div class="sidebar"><p>The content a script reveals.</p></div>',
    );
  });

  it("copies an accordion header's button without its tags in a whole-page reading, other buttons as they are", () => {
    const html =
      '<h3><button aria-expanded="false">When does it open?</button></h3><div hidden>At six.</div>' +
      '<button aria-expanded="false"><h3>Is it open on Sundays?</h3></button><div hidden>Yes.</div>' +
      '<button aria-expanded="false">Menu</button><button>Buy</button>';
    expect(stripNonContent(html, { ...OPTIONS, dropNavigation: true })).toBe(
      '<h3>When does it open?</h3><div>At six.</div><h3>Is it open on Sundays?</h3><div>Yes.</div>' +
        '<button>Menu</button><button>Buy</button>',
    );
    expect(stripNonContent(html, OPTIONS)).toContain('<h3><button>When does it open?</button></h3>');
  });

  it("keeps an accordion header's heading without its button with the pre-filter, and drops other buttons whole", () => {
    const html =
      '<h3><button aria-expanded="false">When does it open?</button></h3><div>At six.</div>' +
      '<button aria-expanded="true"><div><h3>Is it open on Sundays?</h3></div><span>+</span></button><div>Yes.</div>' +
      '<button aria-expanded="false">Show more</button><button>Buy</button>' +
      '<button aria-expanded="false" hidden><h3>Hidden</h3></button>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<h3>When does it open?</h3><div>At six.</div><div><h3>Is it open on Sundays?</h3></div><span>+</span>' +
        '<div>Yes.</div>',
    );
  });

  it('keeps every attribute but style and handlers when user selectors may need them', () => {
    const html = '<div data-role="share" style="x" onmouseover="y" aria-label="Share">S</div>';
    expect(stripNonContent(html, { ...OPTIONS, keepAllAttributes: true })).toBe(
      '<div data-role="share" aria-label="Share">S</div>',
    );
  });

  it('takes a lazy image from data-src or srcset when src is missing or a placeholder', () => {
    const html =
      '<img data-src="real.jpg" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><img data-lazy-src="/l.png">' +
      '<img srcset="s.jpg 1x, m.jpg 2x">';
    expect(stripNonContent(html, OPTIONS)).toBe(
      '<img src="https://example.com/a/real.jpg"><img src="https://example.com/l.png">' +
        '<img src="https://example.com/a/s.jpg">',
    );
  });

  it('drops whitespace-only text at block edges but keeps it between inline elements and in <pre>', () => {
    const html = '<div>\n  <p>\n    <a href="/a">A</a> <b>B</b>\n  </p>\n  <pre> x\n  y </pre>\n</div>';
    expect(stripNonContent(html, OPTIONS)).toBe(
      '<div><p><a href="https://example.com/a">A</a> <b>B</b></p><pre> x\n  y </pre></div>',
    );
  });

  it('copies a <br> in preformatted text as the line break it is, and leaves one elsewhere a tag', () => {
    const html = '<p>One<br>two</p><pre><code>a = 1<br><br/>b = 2</code></pre>';
    expect(stripNonContent(html, OPTIONS)).toBe('<p>One<br>two</p><pre><code>a = 1\n\nb = 2</code></pre>');
  });

  it("copies the lines of a highlighter's <pre> (a block per line) as lines of text, indentation kept", () => {
    const line = (text: string): string => `<div class="cm-line">${text}</div>`;
    const html = `<pre><code>${line('if (x) {<br>')}${line('  <span>run</span>();')}${line('<br>')}${line('}')}</code></pre>`;
    expect(stripNonContent(html, OPTIONS)).toBe('<pre><code>if (x) {\n  <span>run</span>();\n\n}\n</code></pre>');
  });

  it("copies GitHub's table of code lines as a <pre> of its code, without line numbers, unless selectors may name it", () => {
    const row = (n: number, code: string) =>
      `\n  <tr>\n    <td class="blob-num js-line-number" data-line-number="${n}">${n}</td>\n` +
      `    <td class="blob-code blob-code-inner js-file-line">${code}</td>\n  </tr>`;
    const html =
      `<table class="highlight tab-size js-file-line-container"><tbody>${row(1, '<span>if</span> ready:')}` +
      `${row(2, '')}${row(3, '    <span>go</span>()')}\n</tbody></table><table><tr><td>1</td></tr></table>`;
    expect(stripNonContent(html, OPTIONS)).toBe(
      '<pre><span>if</span> ready:\n\n    <span>go</span>()\n</pre><table><tr><td>1</td></tr></table>',
    );
    expect(stripNonContent(html, { ...OPTIONS, keepAllAttributes: true })).toContain('<td class="blob-num');
  });

  it("marks a GitHub code table's <pre> with the language its file box names, and only a file box's", () => {
    const table =
      '<table class="highlight js-file-line-container"><tr><td class="blob-num" data-line-number="1"></td>' +
      '<td class="blob-code js-file-line">print(1)</td></tr></table>';
    const inFileBox = `<div class="Box-body blob-wrapper data type-python  "><div class="js-check-bidi">${table}</div></div>${table}`;
    expect(stripNonContent(inFileBox, OPTIONS)).toBe(
      '<div class="Box-body blob-wrapper data type-python  "><div class="js-check-bidi">' +
        '<pre><code class="language-python">print(1)\n</code></pre></div></div><pre>print(1)\n</pre>',
    );
    const inPost = `<article class="post type-post">${table}</article>`;
    expect(stripNonContent(inPost, OPTIONS)).toBe('<article class="post type-post"><pre>print(1)\n</pre></article>');
  });

  it('copies text and end tags from the source, entities included', () => {
    const html = '<p>Fish &amp; chips &lt;3<br></p>';
    expect(stripNonContent(html, OPTIONS)).toBe('<p>Fish &amp; chips &lt;3<br></p>');
  });

  it('pre-filters what Readability would remove when asked to', () => {
    const html = `<div class="comments"><p>c</p></div><div class="main-comments"><p>kept: "main" looks like content</p></div>
      <div role="navigation">n</div><p hidden>h</p><p style="display: none">d</p><aside>a</aside><footer>f</footer>
      <table><tr><td><div class="sidebar">in a table</div></td></tr></table><a class="social" href="/s">link</a>`;
    const stripped = stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })
      .replace(/\s+/g, ' ')
      .trim();
    expect(stripped).toBe(
      '<div class="main-comments"><p>kept: "main" looks like content</p></div>' +
        '<table><tr><td><div class="sidebar">in a table</div></td></tr></table><a class="social" href="https://example.com/s">link</a>',
    );
  });

  it("gives Readability classes without words that only style text, nor a heading's calling it a header", () => {
    const html =
      '<h2 class="recipe__tips-header lead">Tips</h2><div class="card-header">c</div>' +
      '<p class="font-extrabold note">Bold</p>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<h2 class="lead">Tips</h2><p class="note">Bold</p>',
    );
    expect(stripNonContent(html, OPTIONS)).toBe(html);
  });

  it('gives Readability the class of a collapsed panel without the words saying it is hidden', () => {
    const html =
      '<div class="kt-accordion-panel kt-accordion-panel-hidden"><p>Pick the warmest bag you can carry.</p></div>' +
      '<div class="note is-hidden"><p>Not a panel.</p></div>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<div class="kt-accordion-panel"><p>Pick the warmest bag you can carry.</p></div>' +
        '<div class="note is-hidden"><p>Not a panel.</p></div>',
    );
  });

  it('keeps the panels of an accordion whose buttons name them, though they are hidden from screen readers', () => {
    const html =
      '<button aria-controls="guide-1" aria-expanded="false">How to choose</button>' +
      '<div id="guide-1" class="accordion-panel" aria-hidden="true"><p>Pick the warmest bag you can carry.</p></div>' +
      '<div id="guide-2" class="accordion-panel" aria-hidden="true"><p>No control names this one.</p></div>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<div id="guide-1" class="accordion-panel"><p>Pick the warmest bag you can carry.</p></div>',
    );
  });

  it('keeps a block named like furniture when it holds far more text than the rest of the page', () => {
    // A layout wrapper named after the sidebar beside it: the article inside outweighs all that was kept around it.
    const article = 'A paragraph of the article, long enough to be read as the content of the page. '.repeat(8);
    const html = `<p>Site name</p><div class="has-sidebar"><h1>Title</h1><p>${article}</p>
      <div class="sidebar-widget"><a href="/x">Archive</a></div></div><div class="sidebar"><p>About us</p></div>`;
    const stripped = stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true });
    expect(stripped).toContain(article);
    // Inside it names count for nothing; the real sidebar, beside it and small, goes.
    expect(stripped).toContain('Archive');
    expect(stripped).not.toContain('About us');
  });

  it('drops a named block that outweighs the rest when it is mostly links, as an archive sidebar is', () => {
    const archive = Array.from(
      { length: 60 },
      (_, month) => `<li><a href="/archive/${month}">Archive of month ${month}</a> (3)</li>`,
    ).join('');
    const html = `<p>A short post of a few words.</p><div class="sidebar"><h2>Blog archive</h2><ul>${archive}</ul></div>`;
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<p>A short post of a few words.</p>',
    );
  });

  describe('a block named for its placement ("hero-banner", "section-header")', () => {
    const prefilter = { ...OPTIONS, mainContentPrefilter: true };
    const hero =
      '<div class="hero-banner"><h1>Find the right pet insurance plan</h1><p>Compare quotes in a minute.</p></div>';

    it('is kept when it reads as a titled section of the content: its own heading, text, few links', () => {
      const sectionHeader =
        '<div class="section-header"><h2>What the plans cover</h2><p>Accidents and illness.</p></div>';
      expect(stripNonContent(`${hero}${sectionHeader}<p>Plans</p>`, prefilter)).toBe(
        `${hero}${sectionHeader}<p>Plans</p>`,
      );
    });

    it("is kept without a heading when it holds a couple of sentences: a story's introduction", () => {
      const introduction =
        '<section class="listicle-header"><p>So you have decided to give your home a refresh. But where to begin, ' +
        'between the paint swatches and the furniture arrangements?</p></section>';
      expect(stripNonContent(`${introduction}<p>Plans</p>`, prefilter)).toBe(`${introduction}<p>Plans</p>`);
    });

    it("is dropped without a heading when its text is as short as a site header's tagline", () => {
      const tagline = '<div class="site-header"><p>Insuring family pets since 1990.</p></div>';
      expect(stripNonContent(`${tagline}<p>Plans</p>`, prefilter)).toBe('<p>Plans</p>');
    });

    it('is dropped when its heading is a link, it holds a button, it is mostly links or its name says more', () => {
      const siteHeader = '<div class="site-header"><h1><a href="https://example.com/">Example Insurance</a></h1></div>';
      const promotion =
        '<div class="promo-banner"><h2>Save 20% this week</h2><p>On every plan.</p><a class="btn" href="https://example.com/buy">Buy now</a></div>';
      const links = ['Dogs', 'Cats', 'Horses']
        .map((pet) => `<a href="https://example.com/${pet}">${pet} insurance plans</a>`)
        .join('');
      const menu = `<div class="header"><h2>Plans</h2>${links}</div>`;
      const sidebar = '<div class="header-sidebar"><h2>About us</h2><p>A family business since 1990.</p></div>';
      expect(stripNonContent(`${siteHeader}${promotion}${menu}${sidebar}<p>Plans</p>`, prefilter)).toBe('<p>Plans</p>');
    });

    it('is dropped on a discussion, whose headers title posts, and on a product page, whose banners sell others', () => {
      expect(stripNonContent(`${hero}<p>Plans</p>`, { ...prefilter, discussionPage: true })).toBe('<p>Plans</p>');
      expect(stripNonContent(`${hero}<p>Plans</p>`, { ...prefilter, productPage: true })).toBe('<p>Plans</p>');
    });
  });

  it('keeps a block named as a pager when it wraps a page of text, as around the grid it pages through', () => {
    // The shop's description outweighs the grid enough that the grid does not pass for the page's content by its size.
    const description = `<p>${'Our training tops keep you cool and move with you through every set. '.repeat(14)}</p>`;
    const grid = Array.from(
      { length: 24 },
      (_, item) => `<li>Training t-shirt in colour ${item}, regular fit, $36</li>`,
    ).join('');
    const html = `${description}<div class="pagination_wrapper"><ul>${grid}</ul></div><div class="pager"><a href="/2">Next page</a></div>`;
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      `${description}<div class="pagination_wrapper"><ul>${grid}</ul></div>`,
    );
  });

  it('drops text for screen readers alone with the pre-filter, but not a heading or a table cell, where it says what icons show', () => {
    const html =
      '<a class="sr-only" href="#main">Skip to content</a><p>Plans<span class="visually-hidden"> (opens a dialog)</span></p>' +
      '<h2 class="sr-only">Compare plans</h2><table><tr><td><span class="sr-only">Yes</span></td></tr></table>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<p>Plans</p><h2 class="sr-only">Compare plans</h2><table><tr><td><span class="sr-only">Yes</span></td></tr></table>',
    );
    expect(stripNonContent(html, OPTIONS)).toContain('Skip to content');
  });

  it("drops the settings tables of Edge Delivery pages' sections, which their scripts remove before showing them", () => {
    const html = '<div class="section-metadata"><div><div>Style</div><div>text-center</div></div></div><h2>Cover</h2>';
    expect(stripNonContent(html, OPTIONS)).toBe('<h2>Cover</h2>');
  });

  it('drops a named block that outweighs the rest when it is a discussion or too short to be content', () => {
    const comments = 'A comment under the article, longer than the article it comments on. '.repeat(10);
    const withComments = `<p>A short article.</p><div class="comments"><p>${comments}</p></div>`;
    expect(stripNonContent(withComments, { ...OPTIONS, mainContentPrefilter: true })).toBe('<p>A short article.</p>');
    const reviews = 'A review of the product, longer than its description. '.repeat(12);
    const withReviews = `<p>A short product description.</p><div class="reviews-sidebar"><p>${reviews}</p></div>`;
    expect(stripNonContent(withReviews, { ...OPTIONS, mainContentPrefilter: true })).toBe(
      '<p>A short product description.</p>',
    );
    // A script-rendered page keeps next to nothing: a menu of a few entries is not its content either.
    const shell = '<div id="app"></div><ul class="menu"><li>Product</li><li>Pricing</li><li>Company</li></ul>';
    expect(stripNonContent(shell, { ...OPTIONS, mainContentPrefilter: true })).toBe('<div id="app"></div>');
  });

  it('drops the comments under a question or an answer with the pre-filter, not the comments that are the posts', () => {
    const comment = (text: string): string =>
      `<li itemprop="comment" itemscope itemtype="https://schema.org/Comment">${text}</li>`;
    const html = `<div itemscope itemtype="https://schema.org/Question"><p itemprop="text">How do I back up?</p>
      <span itemprop="author" itemscope itemtype="https://schema.org/Person">Ann</span>
      <ul>${comment('Which system?')}</ul><div itemscope itemtype="https://schema.org/Answer"><p>Use tar.</p>
      <ul>${comment('Thanks, that worked.')}</ul></div></div><ul>${comment('A reply in a thread.')}</ul>`;
    const stripped = stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true });
    // The microdata stays, to tell the question's text from the answers' (main-content/heuristics/discussion-page.ts).
    expect(stripped).toContain('<p itemprop="text">How do I back up?</p>');
    expect(stripped).toContain('<span>Ann</span>');
    expect(stripped).toContain('Use tar.');
    expect(stripped).not.toContain('Which system?');
    expect(stripped).not.toContain('Thanks, that worked.');
    expect(stripped).toContain('A reply in a thread.');
    expect(stripNonContent(html, OPTIONS)).toContain('Thanks, that worked.');
  });

  it("drops a post's count of likes marked up as an interaction statistic with the pre-filter", () => {
    const html =
      '<div class="post"><p>Bumping the MSRV is not a breaking change.</p><div itemprop="interactionStatistic" itemscope ' +
      'itemtype="http://schema.org/InteractionCounter"><span class="post-likes">7 Likes</span></div></div>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).not.toContain('7 Likes');
    expect(stripNonContent(html, OPTIONS)).toContain('7 Likes');
  });

  it('drops links drawn as buttons with the pre-filter, and only then', () => {
    const html = '<p>Plans for teams.</p><a class="btn btn-primary" href="/signup">Get started</a>';
    expect(stripNonContent(html, { ...OPTIONS, mainContentPrefilter: true })).toBe('<p>Plans for teams.</p>');
    expect(stripNonContent(html, OPTIONS)).toContain('Get started');
  });
});
