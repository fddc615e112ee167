import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AdBlocker } from './ad-blocker';
import { CONSENT_NOTICE_FILTERS } from './consent-notice-filters';
import { DEFAULT_FILTER_LIST_FILES, resolveFilterLists } from './filter-lists';

describe('resolveFilterLists', () => {
  const everything = (): boolean => true;
  const nothing = (): boolean => false;

  it('expands default to the installed Debian lists and the consent-notice rules', () => {
    expect(resolveFilterLists('default', everything)).toEqual({
      files: [...DEFAULT_FILTER_LIST_FILES],
      rules: CONSENT_NOTICE_FILTERS,
      missingDefaults: [],
    });
  });

  it('keeps the files named beside default, and names the default lists that are missing', () => {
    expect(resolveFilterLists(' default , /lists/extra.txt', nothing)).toEqual({
      files: ['/lists/extra.txt'],
      rules: CONSENT_NOTICE_FILTERS,
      missingDefaults: [...DEFAULT_FILTER_LIST_FILES],
    });
  });

  it('uses only the files named without default, and nothing when empty', () => {
    expect(resolveFilterLists('/lists/a.txt,/lists/b.txt', everything)).toEqual({
      files: ['/lists/a.txt', '/lists/b.txt'],
      rules: '',
      missingDefaults: [],
    });
    expect(resolveFilterLists('', everything)).toEqual({ files: [], rules: '', missingDefaults: [] });
  });
});

describe('AdBlocker', () => {
  const folders: string[] = [];
  const folder = (): string => {
    const made = mkdtempSync(path.join(tmpdir(), 'wh-adblock-spec-'));
    folders.push(made);
    return made;
  };
  afterAll(() => folders.forEach((made) => rmSync(made, { recursive: true, force: true })));

  const blocks = (blocker: AdBlocker, url: string): boolean => blocker.shouldBlock(url, 'https://news.test/', 'image');

  it('keeps the compiled engine on disk and reads it back while the lists are unchanged', async () => {
    const cacheDir = folder();
    const list = path.join(folder(), 'list.txt');
    writeFileSync(list, '||ads-one.test^\n');
    const mtime = new Date('2026-11-01T00:00:00Z');
    utimesSync(list, mtime, mtime);

    const parsed = await AdBlocker.load({ files: [list], rules: '' }, cacheDir);
    expect(parsed.fromCache).toBe(false);
    expect(blocks(parsed.blocker, 'https://ads-one.test/banner.png')).toBe(true);
    expect(readdirSync(cacheDir)).toHaveLength(1);

    // Same size and modification time: the compiled copy is taken as current, so the old rule still applies.
    writeFileSync(list, '||ads-two.test^\n');
    utimesSync(list, mtime, mtime);
    const cached = await AdBlocker.load({ files: [list], rules: '' }, cacheDir);
    expect(cached.fromCache).toBe(true);
    expect(blocks(cached.blocker, 'https://ads-one.test/banner.png')).toBe(true);

    // An updated list (a new modification time) is parsed again.
    utimesSync(list, new Date(), new Date(mtime.getTime() + 60_000));
    const updated = await AdBlocker.load({ files: [list], rules: '' }, cacheDir);
    expect(updated.fromCache).toBe(false);
    expect(blocks(updated.blocker, 'https://ads-two.test/banner.png')).toBe(true);
    expect(blocks(updated.blocker, 'https://ads-one.test/banner.png')).toBe(false);
  });

  it('removes compiled engines unused for a week when it writes a new one, and keeps those in use', async () => {
    const cacheDir = folder();
    const weekAndADayAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await AdBlocker.load({ files: [], rules: '||stale.test^' }, cacheDir);
    const [stale] = readdirSync(cacheDir);
    utimesSync(path.join(cacheDir, stale ?? ''), weekAndADayAgo, weekAndADayAgo);
    await AdBlocker.load({ files: [], rules: '||in-use.test^' }, cacheDir);
    const [inUse] = readdirSync(cacheDir).filter((name) => name !== stale);
    utimesSync(path.join(cacheDir, inUse ?? ''), weekAndADayAgo, weekAndADayAgo);
    // Booting from it marks it as used again.
    expect((await AdBlocker.load({ files: [], rules: '||in-use.test^' }, cacheDir)).fromCache).toBe(true);
    writeFileSync(path.join(cacheDir, 'notes.txt'), 'not an engine');
    utimesSync(path.join(cacheDir, 'notes.txt'), weekAndADayAgo, weekAndADayAgo);

    await AdBlocker.load({ files: [], rules: '||fresh.test^' }, cacheDir);
    const left = readdirSync(cacheDir);
    expect(left).toHaveLength(3);
    expect(left).toEqual(expect.arrayContaining([inUse, 'notes.txt']));
    expect(left).not.toContain(stale);
  });

  it('parses again when the compiled copy is unreadable', async () => {
    const cacheDir = folder();
    const first = await AdBlocker.load({ files: [], rules: '||ads-three.test^' }, cacheDir);
    const [compiled] = readdirSync(cacheDir);
    writeFileSync(path.join(cacheDir, compiled ?? ''), 'not an engine');
    const again = await AdBlocker.load({ files: [], rules: '||ads-three.test^' }, cacheDir);
    expect(first.fromCache).toBe(false);
    expect(again.fromCache).toBe(false);
    expect(blocks(again.blocker, 'https://ads-three.test/x.gif')).toBe(true);
  });

  it('hides the banners of common consent platforms with the built-in rules', async () => {
    const blocker = await AdBlocker.fromListFiles([], CONSENT_NOTICE_FILTERS);
    const styles = blocker.hidingStyles('https://shop.test/', {
      ids: ['onetrust-consent-sdk', 'main'],
      classes: ['cc-window', 'article'],
      hrefs: [],
    });
    expect(styles).toContain('#onetrust-consent-sdk');
    expect(styles).toContain('.cc-window');
    expect(styles).not.toContain('#main');
  });
});
