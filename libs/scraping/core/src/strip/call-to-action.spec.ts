import { isCallToAction } from './call-to-action';

describe('isCallToAction', () => {
  it('takes links drawn as buttons, by a whole word of their class or by role', () => {
    expect(isCallToAction('a', { class: 'hero__cta' })).toBe(true);
    expect(isCallToAction('a', { class: 'btn btn-primary' })).toBe(true);
    expect(isCallToAction('a', { class: 'link', role: 'button' })).toBe(true);
  });

  it('leaves other links and non-links alone', () => {
    expect(isCallToAction('a', { class: 'buttonwood-history' })).toBe(false);
    expect(isCallToAction('a', { href: '/docs' })).toBe(false);
    expect(isCallToAction('div', { class: 'button-row' })).toBe(false);
  });
});
