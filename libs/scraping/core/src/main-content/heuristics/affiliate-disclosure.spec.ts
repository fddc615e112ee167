import { editedHtml } from '../../dom/dom-document';
import { removeAffiliateDisclosures } from './affiliate-disclosure';

const story = '<p>We tested nine espresso machines over three months, pulling more than four hundred shots.</p>';

describe('affiliate disclosures', () => {
  it.each([
    'This post contains affiliate links. Click here to read my full disclosure.',
    'Disclosure: some of my posts contain affiliate links.',
    'Our editors handpick every product we feature. We may earn a commission from your purchases.',
    'Advertiser Disclosure',
  ])('removes "%s"', (note) => {
    expect(editedHtml(`<p>${note}</p>${story}`, removeAffiliateDisclosures)).toBe(story);
  });

  it('keeps paragraphs that only talk about affiliate programmes', () => {
    const body = `${story}<p>Affiliate programs: streamers earn money when viewers buy gear through their links.</p>`;
    expect(editedHtml(body, removeAffiliateDisclosures)).toBe(body);
  });

  it('keeps long paragraphs that mention a commission', () => {
    const long = `<p>${'The shop told us that it may earn a commission on every sale, and then explained why. '.repeat(8)}</p>`;
    expect(editedHtml(`${story}${long}`, removeAffiliateDisclosures)).toBe(`${story}${long}`);
  });
});
