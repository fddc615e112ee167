import { Client } from 'pg';
import { eventually } from '@wh/testing';

/**
 * Waits until the shared page cache holds `copies` entries for `url` (one per set of options that change the output).
 * The worker stores a page as its result goes out, not before: a client asking again at once may be early.
 */
export async function storedInCache(databaseUrl: string, url: string, copies = 1): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await eventually(async () => {
      const { rows } = await client.query<{ n: string }>('select count(*) as n from scrape_cache where url = $1', [
        url,
      ]);
      expect(Number(rows[0]?.n)).toBeGreaterThanOrEqual(copies);
    });
  } finally {
    await client.end();
  }
}
