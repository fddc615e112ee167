import { parseDocument, releaseDocument } from '../dom/dom-document';
import { removeClosingSections, restoreDroppedSections } from './dropped-sections';

const features = '<p>Every plan answers customers by email, chat and phone from one shared inbox, day and night.</p>';
const pricing =
  '<h2>Pricing</h2><p>Start free for up to three agents, then pay per agent and month, billed yearly or monthly; ' +
  'every plan includes the shared inbox, reports and the help center.</p>';
const questions = '<p>Can I cancel at any time? Yes: plans renew monthly and end when you cancel them.</p>';
const cards = ['Support', 'Sales', 'Billing', 'Security']
  .map(
    (name) =>
      `<a href="/${name}"><h3>${name} guides</h3><span>Everything your team needs to know about ${name}.</span></a>`,
  )
  .join('');

/** Readability's article holding `blocks`, inside the wrappers it adds, with the region the sections come from. */
function restore(blocks: string, regionHtml: string, story = false): { restored: number; text: string } {
  const document = parseDocument(`<div id="readability-page-1" class="page"><div>${blocks}</div></div>`);
  try {
    const region = document.createElement('div');
    region.innerHTML = regionHtml;
    const restored = restoreDroppedSections(document.body, region, story);
    return { restored, text: (document.body.textContent ?? '').replace(/\s+/g, ' ') };
  } finally {
    releaseDocument(document);
  }
}

describe('restoreDroppedSections', () => {
  it('puts a dropped section back after the block the region has before it', () => {
    const region = `<section>${features}</section><section>${pricing}</section><section>${questions}</section>`;
    const { restored, text } = restore(`${features}${questions}`, region);
    expect(restored).toBe(1);
    expect(text.indexOf('Pricing')).toBeGreaterThan(text.indexOf('one shared inbox'));
    expect(text.indexOf('Pricing')).toBeLessThan(text.indexOf('Can I cancel'));
  });

  it('puts a section dropped before anything the article holds first', () => {
    const { text } = restore(questions, `<section>${pricing}</section><section>${questions}</section>`);
    expect(text.indexOf('Pricing')).toBeLessThan(text.indexOf('Can I cancel'));
  });

  it('leaves out grids of link cards and short notices', () => {
    const notice = '<div><p>Advertisement. We do not endorse the products advertised here.</p></div>';
    const region = `<section>${features}</section><section><h2>Guides</h2>${cards}</section>${notice}`;
    const { restored, text } = restore(features, region);
    expect(restored).toBe(0);
    expect(text).not.toContain('Advertisement');
  });

  it('leaves out readers\' comments Readability kept for their class\'s "body" and then dropped', () => {
    const comment = (name: string): string =>
      `<div class="comments-body"><p>${name}: I tried this on my own team for a month and the shared inbox cut our ` +
      'replies from a day to an hour, though the reports took a while to set up properly and the help center needed ' +
      'a week of our own writing before customers found their answers in it.</p></div>' +
      `<div id="comment-${name}" class="comment-body"><p>Posted by ${name} at December 18, 2025 05:48 PM, a reply ` +
      'that runs long enough to be weighed as a section of its own by anything counting its characters, spaces aside, ' +
      'as the restoring of dropped sections does.</p></div>';
    const region = `<section>${features}</section><section>${pricing}</section>${comment('John')}${comment('Ada')}`;
    const { restored, text } = restore(features, region);
    expect(restored).toBe(1);
    expect(text).toContain('Start free for up to three agents');
    expect(text).not.toContain('I tried this on my own team');
    expect(text).not.toContain('Posted by');
  });

  it('looks into a block the article holds part of', () => {
    const region = `<div><section>${features}</section><section>${pricing}</section></div>`;
    expect(restore(features, region).text).toContain('Start free for up to three agents');
  });

  describe('on a story', () => {
    const story =
      '<p>The council voted on Tuesday to close the old harbour road to cars from next spring, after two years of ' +
      'complaints from the families who live along it about traffic, noise and the state of the sea wall.</p>' +
      '<p>Cyclists and the bus company welcomed the vote; the shops at the far end of the road fear for their trade ' +
      'and asked for a delivery lane, which the council promised to look at before the road closes.</p>';
    const contact =
      '<div><h2>Contact us</h2><p>Let us help! Call our newsroom or fill out the form below for a free and ' +
      'confidential consultation about your story.</p></div>';

    it('leaves out a small section after the last of its text: it closes the page, not the story', () => {
      const region = `<section>${story}</section>${contact}`;
      expect(restore(story, region, true)).toEqual({ restored: 0, text: expect.not.stringContaining('Contact us') });
      expect(restore(story, region, false).text).toContain('Contact us');
    });

    it('puts back a section after its text that is half as large as the story or more', () => {
      const tool =
        '<div><h2>Find your polling station</h2><p>Type your address in the box below and pick your street from the ' +
        'suggestions; the map then shows the polling station for your ward, its opening hours on the day of the ' +
        'vote, whether it has step-free access, and the bus routes that stop nearest to it.</p></div>';
      const { restored, text } = restore(story, `<section>${story}</section>${tool}`, true);
      expect(restored).toBe(1);
      expect(text).toContain('Find your polling station');
    });

    it("puts back a small section after its text that is titled as the story's questions and answers", () => {
      const answers =
        '<div><h2>Frequently asked questions</h2><h3>When does the road close?</h3><p>From the first of April, ' +
        'for cars only; bikes, buses and deliveries before ten in the morning may still use it.</p></div>';
      const { restored, text } = restore(story, `<section>${story}</section>${answers}`, true);
      expect(restored).toBe(1);
      expect(text).toContain('When does the road close?');
    });

    it('puts back a small section between two of its blocks', () => {
      const [first, second] = story.split('</p>').map((block) => `${block}</p>`);
      const region = `<section>${first}</section>${contact}<section>${second}</section>`;
      expect(restore(`${first}${second}`, region, true).text).toContain('Contact us');
    });

    it('takes the small sections after the last of its text from a region that won against the article', () => {
      const document = parseDocument(`<div id="region"><section>${story}</section>${contact}</div>`);
      try {
        const region = document.getElementById('region') as Element;
        const article = document.createElement('div');
        article.innerHTML = story;
        expect(removeClosingSections(region, article)).toBe(1);
        expect(region.textContent).toContain('The council voted');
        expect(region.textContent).not.toContain('Contact us');
      } finally {
        releaseDocument(document);
      }
    });
  });
});
