import { parseDocument, releaseDocument } from '../dom/dom-document';
import { chooseMainContent } from './choose-main-content';

describe('chooseMainContent', () => {
  it('never answers with an empty reading when pruning empties the region', () => {
    const block = (name: string): string =>
      `<div class="${name}"><p>${`Walking boots, trail shoes and sandals in ${name}. `.repeat(3)}</p></div>`;
    const document = parseDocument(`<div>${block('filters')}${block('newsletter')}${block('share')}</div>`);
    try {
      const content = chooseMainContent(document, {
        discussion: false,
        product: false,
        article: false,
        pageUrl: 'https://example.com/',
      });
      expect(content === undefined || /\S/.test(content.replace(/<[^>]*>/g, ''))).toBe(true);
    } finally {
      releaseDocument(document);
    }
  });

  const paragraph = (topic: string): string =>
    `<p>Our ${topic} service keeps your customers happy, answers their questions around the clock, and routes each ` +
    `request to the right person on your team without delay, every day of the year.</p>`;
  const card = (name: string): string =>
    `<a href="/${name}"><span>${name} tools</span><span>Everything your team needs for ${name}.</span></a>`;
  const cards = (names: string[]): string =>
    `<section><h2>Explore service capabilities</h2><div>${names.map(card).join('')}</div></section>`;
  const servicePage = (before: string, cardNames: string[]): string =>
    `<main>${before}<section><h2>Quality service</h2>${['support', 'messaging', 'voice'].map(paragraph).join('')}</section>` +
    `${cards(cardNames)}<section><h2>Built for every team</h2>${['sales', 'success', 'billing'].map(paragraph).join('')}</section></main>`;
  const TEN_CARDS = [
    'ticketing',
    'analytics',
    'voice',
    'messaging',
    'workforce',
    'quality',
    'routing',
    'billing',
    'reports',
    'security',
  ];

  function choose(html: string, discussion: boolean, product = false, article = false): string {
    const document = parseDocument(html);
    try {
      return chooseMainContent(document, { discussion, product, article, pageUrl: 'https://example.com/' }) ?? '';
    } finally {
      releaseDocument(document);
    }
  }

  it('keeps the sections of link cards Readability drops when it keeps under 70% of the region', () => {
    const content = choose(servicePage('', TEN_CARDS), false);
    expect(content).toContain('Everything your team needs for ticketing.');
    expect(content).toContain('Our billing service');
  });

  it("takes Readability's reading of a declared discussion at 60% of the region", () => {
    const content = choose(servicePage('', TEN_CARDS), true);
    expect(content).not.toContain('Everything your team needs for ticketing.');
    expect(content).toContain('Our billing service');
  });

  it('measures Readability against what the region keeps once its furniture is pruned', () => {
    const filters =
      '<div class="filters">' +
      ['colour', 'size', 'material', 'brand', 'price']
        .map(
          (facet) =>
            `<p>Filter the catalogue by ${facet}: choose as many values as you like, with counts beside each.</p>`,
        )
        .join('') +
      '</div>';
    const content = choose(servicePage(filters, TEN_CARDS.slice(0, 6)), false);
    // Readability's reading: the filters and the link cards are both left out.
    expect(content).not.toContain('Filter the catalogue');
    expect(content).not.toContain('Everything your team needs for ticketing.');
    expect(content).toContain('Our billing service');
  });

  it("reads a thread's posts without their signatures when one signature outweighs the posts", () => {
    const signature = 'Photographer, tinkerer and occasional writer; portfolio and prints on my site. '.repeat(8);
    const content = choose(
      `<div class="topic"><h1>Roadmap for the next release</h1>
      <div class="post"><div class="body"><p>Is there a public roadmap for future versions and products?</p></div></div>
      <div class="post"><div class="body"><p>Not a public one, but the beta group hears about it first.</p></div>
      <div class="signature"><p>${signature}</p></div></div></div>`,
      false,
    );
    expect(content).toContain('Is there a public roadmap');
    expect(content).toContain('the beta group hears about it first');
    expect(content).not.toContain('Photographer, tinkerer');
  });

  it("on a discussion page, reads every post when one post's log outweighs the others", () => {
    const log = Array.from(
      { length: 60 },
      (_, line) => `10:09:${line} ERROR (MainThread) job ${line} failed: coroutine was never awaited`,
    );
    const post = (text: string): string =>
      '<div class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator">' +
      `<a href="/u/raoul">raoul</a></span></div><div class="post">${text}</div></div>`;
    const logPost = post(
      `<p>This is part of the log, I hope it is sufficient:</p><pre><code>${log.join('\n')}</code></pre>` +
        '<p>Any idea what is wrong here?</p>',
    );
    const html = `<div id="main"><div class="thread">${post('<p>Since the update the server never finishes starting.</p>')}
      ${logPost}${post('<p>Roll back to the previous version and report it upstream.</p>')}
      </div></div>`;
    const content = choose(html, true);
    expect(content).toContain('never finishes starting');
    expect(content).toContain('Roll back to the previous version');
    expect(content).toContain('job 59 failed');
  });

  it('on a product page, leaves out the sections headed as other products', () => {
    const description = (topic: string): string =>
      `<p>The speckled mug is thrown on the wheel and glazed in oat, ${topic}, and holds three hundred millilitres.</p>`;
    const html = `<main><h1>Speckled mug</h1>${['fired twice', 'dishwasher safe', 'made to order'].map(description).join('')}
      <h2>Similar items</h2><ul><li><a href="/tall">Tall mug, glazed in moss</a></li><li><a href="/bowl">Small bowl</a></li></ul>
      <h2>Care</h2><p>Wash by hand to keep the glaze bright.</p></main>`;
    expect(choose(html, false, true)).not.toContain('Tall mug');
    expect(choose(html, false, true)).toContain('Wash by hand');
    expect(choose(html, false, false)).toContain('Tall mug');
  });

  it("judges what Readability's wrappers hold, not the wrappers, when its article reads like a menu", () => {
    const names = Array.from({ length: 40 }, (_, index) => `Story ${index + 1}`);
    const rows = names
      .map((name) => `<tr><td>1.</td><td><a href="/${name}">${name} headline</a> <a href="/u">ann</a></td></tr>`)
      .join('');
    expect(choose(`<div><div><table>${rows}</table></div></div>`, false)).toContain('Story 40 headline');
  });

  it('keeps a numbered list the region settles on as a numbered list', () => {
    const step = (n: number): string =>
      `<li>Step ${n}: stir the flour, salt and starter together in a large bowl, then cover it and leave it ` +
      'overnight in a warm place until it doubles.</li>';
    const document = parseDocument(
      '<div class="summary"><div><p>This sourdough is tangy, forgiving, easy, and quick to start: no kneading, no ' +
        'shaping, no feeding, just a bowl, a spoon, and a night.</p></div></div>' +
        `<div class="method"><div class="steps"><ol>${[1, 2, 3, 4, 5, 6, 7, 8].map(step).join('')}</ol></div></div>`,
    );
    try {
      const content =
        chooseMainContent(document, {
          discussion: false,
          product: false,
          article: false,
          pageUrl: 'https://example.com/',
        }) ?? '';
      expect(content).toContain('This sourdough is tangy');
      expect(content).toMatch(/<ol><li>Step 1: .*<li>Step 8: .*<\/li><\/ol>/);
    } finally {
      releaseDocument(document);
    }
  });

  it('drops a reading time from a page that declares no article', () => {
    const guide =
      '<h1>Set up an ergonomic desk</h1><div class="body"><div class="meta"><span>5 min read</span></div>' +
      `${['monitor', 'keyboard', 'chair'].map(paragraph).join('')}</div>`;
    const content = choose(guide, false);
    expect(content).toContain('Our monitor service');
    expect(content).not.toContain('min read');
  });

  describe('a catalogue whose description Readability reads and whose grid the region reads', () => {
    const card = (index: number): string =>
      `<li><a href="/shoe-${index}"><img src="/shoe-${index}.jpg" alt=""></a><h3><a href="/shoe-${index}">Ridge runner ${index}</a></h3>` +
      `<span>Waterproof mesh upper</span> <span>Grippy lugged outsole</span> <span>$1${index}9.00</span></li>`;
    const grid = `<div class="products"><ul>${Array.from({ length: 24 }, (_, index) => card(index)).join('')}</ul></div>`;
    const description =
      '<div class="description"><h1>Trail running shoes</h1>' +
      '<p>Trail running shoes grip loose ground, shed water and protect your feet from rocks, roots and the odd stumble.</p>' +
      '<p>Choose a deep lug for mud, a rock plate for sharp scree, and a roomy toe box for long days on the hill.</p>' +
      '<p>Lighter shoes suit racing, fast hikes and dry summer trails, while sturdier pairs carry you through winter.</p>' +
      '<p>Not sure of your size, fit or width? Our team answers by phone, chat and email, and exchanges are free.</p></div>';

    it('keeps both, the description first when it comes first', () => {
      const content = choose(`${description}${grid}`, false);
      expect(content).toContain('Ridge runner 23');
      expect(content.indexOf('Lighter shoes suit racing')).toBeGreaterThanOrEqual(0);
      expect(content.indexOf('Lighter shoes suit racing')).toBeLessThan(content.indexOf('Ridge runner 0'));
    });

    it('keeps both in the page order when the grid comes first', () => {
      const content = choose(`${grid}${description}`, false);
      expect(content.indexOf('Ridge runner 23')).toBeGreaterThanOrEqual(0);
      expect(content.indexOf('Ridge runner 23')).toBeLessThan(content.indexOf('Lighter shoes suit racing'));
    });
  });

  describe('bylines', () => {
    const story = ['harbour', 'bridge', 'market', 'mill']
      .map(
        (topic) =>
          `<p>The old ${topic} was rebuilt after the flood of 1771, and the town grew around it for the next two ` +
          `centuries, street by street, as traders, millers and boatmen settled along the water.</p>`,
      )
      .join('');
    const page = `<article><p class="byline">By Ellen Tregarthen</p>${story}</article>`;
    const contentOf = (article: boolean): string => choose(page, false, false, article);

    it("takes an article's byline out of the reading taken", () => {
      const content = contentOf(true);
      expect(content).toContain('The old harbour was rebuilt');
      expect(content).not.toContain('Ellen Tregarthen');
    });

    it("keeps a name so classed on other pages, where it is a post's author", () => {
      expect(contentOf(false)).toContain('Ellen Tregarthen');
    });
  });

  it('on an article the region wins, leaves out the small section after the last of the text Readability kept', () => {
    // Readability leaves out a block classed as supplemental, and a grid of cards linking to another site: the region
    // keeps both and wins.
    const notice =
      '<div class="supplemental"><p>As a service to our readers we keep our archive open. Please note the date of ' +
      'last review or update on every story, and ask your own doctor, lawyer or adviser before you act on anything ' +
      'you read on these pages.</p></div>';
    const partnerCards = TEN_CARDS.map(
      (name) =>
        `<a href="https://partner.example/${name}"><span>${name} tools</span><span>Everything for ${name}.</span></a>`,
    ).join('');
    const page =
      `<main><section><h2>Quality service</h2>${['support', 'messaging', 'voice'].map(paragraph).join('')}</section>` +
      `<section><h2>Partners</h2><div>${partnerCards}</div></section>${notice}</main>`;
    const contentOf = (article: boolean): string => choose(page, false, false, article);
    expect(contentOf(true)).toContain('Everything for ticketing.');
    expect(contentOf(true)).not.toContain('As a service to our readers');
    expect(contentOf(false)).toContain('As a service to our readers');
  });
});
