import { editedHtml } from '../../dom/dom-document';
import { removeSkipLinks } from './skip-links';
import { removeStrayLabels } from './stray-labels';
import { removeTrailingHeadings } from './trailing-headings';

// The leftovers that go from the reading taken once both readings have been weighed (main-content/choose-main-content.ts),
// each on a body of its own; promotional sections have their own spec.

function htmlAfter(remove: (content: Element) => void, body: string): string {
  return editedHtml(body, remove);
}

describe('skip links', () => {
  it('removes links that skip to another part of the same page', () => {
    const html = htmlAfter(
      removeSkipLinks,
      '<a class="skip-link" href="https://example.com/shop#main">Skip to main content</a>' +
        '<a href="#results"><span>Skip to product list</span></a><h1>Desks</h1>',
    );
    expect(html).toBe('<h1>Desks</h1>');
  });

  it('removes the shortcuts a long guide prints over its parts, and keeps a link inside a sentence', () => {
    const html = htmlAfter(
      removeSkipLinks,
      '<p><a href="https://example.com/best-desks#the-list">JUMP TO THE LIST</a></p><h2>Oak desk</h2>' +
        '<a href="#review-oak"><span>Jump to Review</span></a><p>You can <a href="#end">jump to the end</a> for prices.</p>',
    );
    expect(html).toBe('<p></p><h2>Oak desk</h2><p>You can <a href="#end">jump to the end</a> for prices.</p>');
  });

  it('keeps links that only start with the word or lead to other pages', () => {
    const body =
      '<p><a href="#step-3">Skipping a step</a> and <a href="https://example.com/skip">Skip to the next lesson</a></p>';
    expect(htmlAfter(removeSkipLinks, body)).toBe(body);
  });
});

describe('stray labels', () => {
  it("removes the labels left where an ad slot's ad would be drawn", () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<p>The kitchen was painted sage.</p><div class="slot"><span>Advertisement - Continue Reading Below</span></div>' +
        '<p>Article continues below</p><p>Then came the floor.</p>',
    );
    expect(html).toBe('<p>The kitchen was painted sage.</p><div class="slot"></div><p>Then came the floor.</p>');
  });

  it("removes each publisher's wording of the line over an ad slot, and keeps a sentence that starts with it", () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<p>Range: 300 miles.</p><div>Advertisement - Page continues below</div><p>Story continues below advertisement</p>' +
        '<a href="#after-ad">Skip Advertisement</a><span>ADVERTISEMENT: CONTENT CONTINUES BELOW</span>' +
        '<p>Article continues after this ad</p><p>The story continues below the waterline, where the hull split.</p>',
    );
    expect(html).toBe('<p>Range: 300 miles.</p><p>The story continues below the waterline, where the hull split.</p>');
  });

  it('removes the captions of controls that do nothing without scripts', () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<button>Expand description</button><p>Returns the contained value.</p><a href="#">Show more</a><div>Loading...</div>',
    );
    expect(html).toBe('<p>Returns the contained value.</p>');
  });

  it("removes the captions of a picture's and an ad's controls, and keeps a sentence that starts with the words", () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<figure><img src="/a.jpg"><button>toggle caption</button><figcaption>Fog over the bay.</figcaption></figure>' +
        '<p>Press enter or click to view image in full size</p><span>Advertisement. Scroll to continue reading.</span>' +
        '<p>Press enter or click to view image in full size, the help page says.</p>',
    );
    expect(html).toBe(
      '<figure><img src="/a.jpg"><figcaption>Fog over the bay.</figcaption></figure>' +
        '<p>Press enter or click to view image in full size, the help page says.</p>',
    );
  });

  it("removes the placeholders a page's scripts fill in, and keeps a heading that starts with the word", () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<h2>Loading dock safety</h2><div>Loading paragraph...</div><p>Chock the wheels first.</p>' +
        '<p>Loading prices for your region…</p>',
    );
    expect(html).toBe('<h2>Loading dock safety</h2><p>Chock the wheels first.</p>');
  });

  it("removes a template's unfilled filler text, and keeps a sentence about it", () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<h3>Rankings</h3><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>' +
        '<ul><li>Lorem ipsum 1</li><li>Lorem ipsum 2</li></ul>' +
        '<p>Typesetters have filled drafts with lorem ipsum since the 1960s.</p>',
    );
    expect(html).toBe(
      '<h3>Rankings</h3><ul></ul><p>Typesetters have filled drafts with lorem ipsum since the 1960s.</p>',
    );
  });

  it('removes the buttons that scroll back to the top of the page, and keeps a sentence that says as much', () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<p>Fill the kettle.</p><p><a href="#main-content">Back to Top</a></p><div class="back-to-top">' +
        '<span>↑</span> Back to top</div><div class="btn">RETURN TO TOP OF PAGE</div><p><a href="#top">&lt; back to top</a></p>' +
        '<p>Go back to the top of the page and start again.</p>',
    );
    expect(html).toBe('<p>Fill the kettle.</p><p></p><p></p><p>Go back to the top of the page and start again.</p>');
  });

  it("removes the captions of a listing's controls and keeps its count", () => {
    const html = htmlAfter(
      removeStrayLabels,
      '<div class="toolbar"><span>Sort and Filter</span><p>Showing 24 of 291 results</p><label>Results per page:</label></div>' +
        '<p>212 Products</p><ul><li>Oak desk</li><li>Pine desk</li></ul><div>Page 1 of 9</div>',
    );
    expect(html).toBe('<div class="toolbar"></div><p>212 Products</p><ul><li>Oak desk</li><li>Pine desk</li></ul>');
  });

  it("removes the captions of a thread's controls under each post", () => {
    const post = (text: string): string =>
      `<div class="post"><p>${text}</p><ul class="controls"><li><a href="/r">Reply With Quote</a></li>` +
      '<li><a href="/x">Report inappropriate content</a></li></ul></div>';
    const html = htmlAfter(
      removeStrayLabels,
      `${post('Reseat the RAM.')}${post('Did that, no luck.')}<a href="/w">Watch this Topic</a>`,
    );
    expect(html).toBe(
      '<div class="post"><p>Reseat the RAM.</p><ul class="controls"><li></li><li></li></ul></div>' +
        '<div class="post"><p>Did that, no luck.</p><ul class="controls"><li></li><li></li></ul></div>',
    );
  });

  it("removes the captions of teasers' links and their sponsor tags, and keeps an offer's 'Learn more'", () => {
    const teaser = (title: string): string =>
      `<div class="card"><span>Sponsored</span><h3>${title}</h3><p>A week on the coast path.</p><a href="/t">Read more »</a></div>`;
    const html = htmlAfter(
      removeStrayLabels,
      `${teaser('Cornwall')}${teaser('Devon')}<p>Continue reading</p><p>HSA eligible <a href="/flex">Learn more</a></p>`,
    );
    expect(html).toBe(
      '<div class="card"><h3>Cornwall</h3><p>A week on the coast path.</p></div>' +
        '<div class="card"><h3>Devon</h3><p>A week on the coast path.</p></div>' +
        '<p>HSA eligible <a href="/flex">Learn more</a></p>',
    );
  });

  it("removes the prompts that lead to the site's account forms, and keeps a guide's step that signs in", () => {
    const step = '<li>Log in to your developer console and click Create application.</li>';
    const html = htmlAfter(
      removeStrayLabels,
      '<p>A walnut desk with two drawers.</p><p><a href="/login">Sign in</a> to add this item to your wishlist, ' +
        'follow it, or mark it as ignored</p><p>Log in to save it to your favourites.</p><div class="note">Already have an account? <a href="/login">Log in</a></div>' +
        `<span>Not a member? Join today for free.</span><ol>${step}</ol>`,
    );
    expect(html).toBe(`<p>A walnut desk with two drawers.</p><ol>${step}</ol>`);
  });

  it('keeps the words of a caption in lower case, a link inside a sentence', () => {
    const body = '<p>Vector sets combine similarity with structured <a href="/filtered">filters</a>.</p>';
    expect(htmlAfter(removeStrayLabels, body)).toBe(body);
  });

  it('keeps sentences that only mention advertisements or controls', () => {
    const body =
      '<p>Advertisement revenue fell, and the article continues below the chart.</p><p>Show more of the city.</p>';
    expect(htmlAfter(removeStrayLabels, body)).toBe(body);
  });
});

describe('trailing headings', () => {
  it('removes the headings that end the content with nothing under them, however deep they sit', () => {
    const html = htmlAfter(
      removeTrailingHeadings,
      '<h1>Sleeping bags</h1><p>Down or synthetic fill, rated for the coldest night.</p>' +
        "<section><h2>Sort and filter</h2><div><h3>Let's connect</h3><div> </div></div></section>",
    );
    expect(html).toBe(
      '<h1>Sleeping bags</h1><p>Down or synthetic fill, rated for the coldest night.</p><section><div><div> </div></div></section>',
    );
  });

  it('keeps a heading followed by text or an image, and every heading before it', () => {
    const body = '<h2>Gallery</h2><h3>Night sky</h3><img src="sky.jpg" alt="">';
    expect(htmlAfter(removeTrailingHeadings, body)).toBe(body);
  });

  it('keeps a last heading that is a link: the title of the last item of a grid', () => {
    const body =
      '<p>Candles for every room.</p><a href="/c/1"><h2>Glass candle</h2></a><h2><a href="/c/2">Wax candle</a></h2>';
    expect(htmlAfter(removeTrailingHeadings, body)).toBe(body);
  });

  it('keeps a content made of headings alone', () => {
    expect(htmlAfter(removeTrailingHeadings, '<h1>Coming soon</h1><h2>Spring 2027</h2>')).toBe(
      '<h1>Coming soon</h1><h2>Spring 2027</h2>',
    );
  });
});
