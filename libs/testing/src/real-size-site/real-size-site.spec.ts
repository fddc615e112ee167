import { request } from 'undici';
import { REAL_SIZE_PAGE_BYTES, realSizeChildren, realSizePage } from './real-size-page';
import { startRealSizeSite } from './real-size-site';

describe('real-size site', () => {
  it('makes pages of 50-150 KB whose article links to the next ten', () => {
    for (const index of [0, 1, 7, 99, 199]) {
      const page = realSizePage(index, 2_000);
      expect(Buffer.byteLength(page)).toBeGreaterThanOrEqual(REAL_SIZE_PAGE_BYTES.min);
      expect(Buffer.byteLength(page)).toBeLessThanOrEqual(REAL_SIZE_PAGE_BYTES.max);
      for (const child of realSizeChildren(index, 2_000)) expect(page).toContain(`href="/bulk/${child}"`);
    }
  });

  it('makes the same page on every call, and different pages for different indexes', () => {
    expect(realSizePage(42, 2_000)).toBe(realSizePage(42, 2_000));
    expect(realSizePage(42, 2_000)).not.toBe(realSizePage(43, 2_000));
  });

  it('carries what real pages carry besides the article', () => {
    const page = realSizePage(3, 2_000);
    for (const part of [
      '<style>',
      '<svg',
      '<nav',
      '<aside',
      'class="comments"',
      '<footer',
      'application/ld+json',
      '__NEXT_DATA__',
    ]) {
      expect(page).toContain(part);
    }
  });

  it('serves the pages under /bulk/ and nothing past the last', async () => {
    const site = await startRealSizeSite({ host: '127.0.0.1', pages: 20 });
    try {
      const found = await request(`${site.origin}/bulk/19`);
      expect(found.statusCode).toBe(200);
      expect(await found.body.text()).toBe(realSizePage(19, 20));
      const missing = await request(`${site.origin}/bulk/20`);
      await missing.body.dump();
      expect(missing.statusCode).toBe(404);
      expect(site.pathsFetched()).toEqual(['/bulk/19', '/bulk/20']);
    } finally {
      await site.close();
    }
  });
});
