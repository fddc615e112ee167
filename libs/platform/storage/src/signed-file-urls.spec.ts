import { storedFileRef } from '@wh/contracts';
import { SignedFileUrls } from './signed-file-urls';
import { verifyObjectSignature } from './signed-url';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const EXPIRES_AT = 1_900_000_000_000;
const urls = new SignedFileUrls(SECRET, 'https://api.example.com/');

function verifies(link: string, key: string): boolean {
  const url = new URL(link);
  return verifyObjectSignature(
    SECRET,
    key,
    Number(url.searchParams.get('expires')),
    url.searchParams.get('signature') ?? '',
    EXPIRES_AT - 1,
  );
}

describe('SignedFileUrls', () => {
  const shot = storedFileRef({ key: 'team-a/shot.png', expiresAt: EXPIRES_AT });
  const pdf = storedFileRef({ key: 'team-a/page.pdf', expiresAt: EXPIRES_AT });

  it('makes a reference into a link on the public base URL that verifies for its key', () => {
    const signed = JSON.parse(urls.inJson(JSON.stringify({ screenshot: shot }), 'team-a')) as { screenshot: string };
    expect(
      signed.screenshot.startsWith(`https://api.example.com/v2/files/team-a/shot.png?expires=${EXPIRES_AT}&`),
    ).toBe(true);
    expect(verifies(signed.screenshot, 'team-a/shot.png')).toBe(true);
  });

  it("replaces the team's references anywhere in documents' JSON text, and leaves the rest of the text as it was", () => {
    const documents = [
      { markdown: 'a "quoted" line', screenshot: shot, actions: { screenshots: [shot], pdfs: [pdf] } },
      { markdown: 'no files here' },
    ];
    const signed = JSON.parse(urls.inJson(JSON.stringify(documents), 'team-a')) as typeof documents;
    expect(signed[0]?.markdown).toBe('a "quoted" line');
    expect(verifies(signed[0]?.screenshot ?? '', 'team-a/shot.png')).toBe(true);
    expect(verifies(signed[0]?.actions?.screenshots[0] ?? '', 'team-a/shot.png')).toBe(true);
    expect(verifies(signed[0]?.actions?.pdfs[0] ?? '', 'team-a/page.pdf')).toBe(true);
    expect(signed[1]).toEqual({ markdown: 'no files here' });
  });

  it("signs no other team's key, and no reference that is only part of a string", () => {
    const otherTeams = storedFileRef({ key: 'team-b/shot.png', expiresAt: EXPIRES_AT });
    const json = JSON.stringify([{ title: otherTeams, markdown: `see ${shot}` }]);
    expect(urls.inJson(json, 'team-a')).toBe(json);
  });
});
