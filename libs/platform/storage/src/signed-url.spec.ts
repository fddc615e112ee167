import { signObjectKey, verifyObjectSignature } from './signed-url';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const NOW = 1_800_000_000_000;

describe('signed object URLs', () => {
  const expiresAt = NOW + 60_000;
  const signature = signObjectKey(SECRET, 'team-a/shot.png', expiresAt);

  it('verifies a signature for its key and expiry before the expiry', () => {
    expect(verifyObjectSignature(SECRET, 'team-a/shot.png', expiresAt, signature, NOW)).toBe(true);
  });

  it.each([
    ['another key', 'team-b/shot.png', expiresAt, SECRET, NOW],
    ['a later expiry', 'team-a/shot.png', expiresAt + 1, SECRET, NOW],
    ['another secret', 'team-a/shot.png', expiresAt, `${SECRET}!`, NOW],
    ['the expiry passed', 'team-a/shot.png', expiresAt, SECRET, expiresAt],
    ['no number as expiry', 'team-a/shot.png', Number.NaN, SECRET, NOW],
  ])('refuses %s', (_name, key, expiry, secret, now) => {
    expect(verifyObjectSignature(secret, key, expiry, signature, now)).toBe(false);
  });

  it('refuses a truncated or garbage signature', () => {
    expect(verifyObjectSignature(SECRET, 'team-a/shot.png', expiresAt, signature.slice(0, 10), NOW)).toBe(false);
    expect(verifyObjectSignature(SECRET, 'team-a/shot.png', expiresAt, '!!!', NOW)).toBe(false);
  });
});
