import { createHash, randomBytes } from 'node:crypto';

/** An `api_keys` row to insert, with the key it is the hash of. */
export interface ApiKeyRow {
  team_id: string;
  key_hash: string;
  key_prefix: string;
  label: string | null;
}

/** A fresh `fc-` key of `teamId` and its row (SHA-256 hash and prefix, as billing-service stores keys). */
export function apiKeyRow(
  teamId: string,
  overrides: Partial<Omit<ApiKeyRow, 'team_id'>> = {},
): { key: string; row: ApiKeyRow } {
  const key = `fc-${randomBytes(24).toString('hex')}`;
  return {
    key,
    row: {
      team_id: teamId,
      key_hash: createHash('sha256').update(key).digest('hex'),
      key_prefix: key.slice(0, 7),
      label: null,
      ...overrides,
    },
  };
}
