import type { ButtonSample } from './branding-sample';
import { buttonStyle, rankButtons } from './buttons';

const button = (overrides: Partial<ButtonSample>): ButtonSample => ({
  text: 'Go',
  background: null,
  color: '#111111',
  borderColor: null,
  borderWidth: 0,
  radius: 6,
  area: 6_000,
  top: 400,
  name: '',
  ...overrides,
});

describe('button ranking', () => {
  it('takes the coloured call to action as primary and the outlined one as secondary', () => {
    const { primary, secondary } = rankButtons(
      [
        button({ text: 'Log in', background: '#f3f4f6', top: 20, area: 3_000 }),
        button({
          text: 'Start free trial',
          background: '#ff5a1f',
          color: '#ffffff',
          radius: 8,
          area: 12_000,
          name: 'btn btn-primary',
        }),
        button({
          text: 'Book a demo',
          borderColor: '#ff5a1f',
          borderWidth: 2,
          color: '#ff5a1f',
          radius: 8,
          area: 12_000,
          name: 'btn btn-outline',
        }),
        button({
          text: 'Start now',
          background: '#ff5a1f',
          color: '#ffffff',
          radius: 8,
          area: 12_000,
          top: 2_400,
          name: 'btn btn-primary',
        }),
      ],
      '#ffffff',
      1080,
    );
    expect(primary && buttonStyle(primary)).toEqual({
      background: '#FF5A1F',
      textColor: '#FFFFFF',
      borderRadius: '8px',
    });
    expect(primary?.count).toBe(2);
    expect(secondary && buttonStyle(secondary)).toEqual({
      background: 'transparent',
      textColor: '#FF5A1F',
      borderColor: '#FF5A1F',
      borderRadius: '8px',
    });
  });

  it('does not take a button the colour of the page for a filled one', () => {
    const { primary, secondary } = rankButtons([button({ background: '#ffffff' })], '#ffffff', 1080);
    expect(primary).toBeUndefined();
    expect(secondary).toBeUndefined();
  });
});
