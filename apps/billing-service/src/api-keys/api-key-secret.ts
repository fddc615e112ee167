import { createHash, randomBytes } from 'node:crypto';

/** A new API key in Firecrawl's `fc-` form; only its hash is ever stored. */
export function generateApiKey(): string {
  return `fc-${randomBytes(24).toString('hex')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
