import { createHmac, timingSafeEqual } from 'node:crypto';

function signatureOf(secret: string, key: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`${key}\n${expiresAt}`).digest();
}

/** An unguessable token granting read access to `key` until `expiresAt` (epoch ms). */
export function signObjectKey(secret: string, key: string, expiresAt: number): string {
  return signatureOf(secret, key, expiresAt).toString('base64url');
}

/** Whether `signature` was made by {@link signObjectKey} for this key and expiry, and the expiry is still ahead. */
export function verifyObjectSignature(
  secret: string,
  key: string,
  expiresAt: number,
  signature: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) return false;
  const expected = signatureOf(secret, key, expiresAt);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
