import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { ENCODING_TEXTS } from './sites/encodings';
import { type FixtureServer, startFixtureServer } from './fixture-server';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain node:http GET that does not follow redirects or decode anything. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('startFixtureServer', () => {
  let site: FixtureServer;
  beforeAll(async () => {
    site = await startFixtureServer();
  });
  afterAll(async () => {
    await site.close();
  });

  const text = async (path: string): Promise<string> => (await get(`${site.url}${path}`)).body.toString('utf8');

  it('listens on loopback with a free port', () => {
    expect(site.url).toBe(`http://127.0.0.1:${site.port}`);
    expect(site.port).toBeGreaterThan(0);
  });

  it('serves the article with its chrome and metadata', async () => {
    const html = await text('/article');
    for (const fragment of [
      '<html lang="en-GB">',
      '<header',
      '<nav',
      '<aside',
      '<footer',
      '<h1>The Rivers That Made the City</h1>',
      'name="description"',
      'name="keywords"',
      'property="og:title"',
      'name="twitter:card"',
      'name="dc.creator"',
      'property="article:published_time"',
      'rel="canonical"',
      'rel="icon"',
      'href="https://en.wikipedia.org/wiki/Market_town"',
      'href="../history/parish-records"',
      '<img src="/images/wend-bridge.jpg"',
    ]) {
      expect(html).toContain(fragment);
    }
    expect(html.match(/og:locale:alternate/g)).toHaveLength(2);
  });

  it.each([
    ['/tables', '<table>'],
    ['/code', 'class="language-typescript"'],
    ['/lists', '<ol start="3">'],
  ])('serves %s', async (path, fragment) => {
    expect(await text(path)).toContain(fragment);
  });

  it('redirects n times and ends at the article', async () => {
    const first = await get(`${site.url}/redirect/2`);
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe(`${site.url}/redirect/1`);
    const second = await get(`${site.url}/redirect/1?status=301`);
    expect(second.status).toBe(301);
    expect(second.headers.location).toBe(`${site.url}/article`);
  });

  it('redirects relatively and to any URL', async () => {
    expect((await get(`${site.url}/redirect-relative`)).headers.location).toBe('../article?via=relative');
    const to = await get(`${site.url}/redirect-to?url=${encodeURIComponent('http://169.254.169.254/')}&status=307`);
    expect(to.status).toBe(307);
    expect(to.headers.location).toBe('http://169.254.169.254/');
  });

  it('answers /slow after the delay', async () => {
    const started = Date.now();
    const response = await get(`${site.url}/slow?ms=100`);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it.each([404, 418, 500])('serves /status/%i', async (code) => {
    const response = await get(`${site.url}/status/${code}`);
    expect(response.status).toBe(code);
    expect(response.body.toString()).toContain(`<h1>${code} `);
  });

  it('serves typed media', async () => {
    const json = await get(`${site.url}/json`);
    expect(json.headers['content-type']).toBe('application/json');
    expect(JSON.parse(json.body.toString('utf8'))).toMatchObject({ name: 'river gauges' });
    expect((await get(`${site.url}/text`)).headers['content-type']).toBe('text/plain; charset=utf-8');
    const png = await get(`${site.url}/image.png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.body.subarray(-8, -4).toString('ascii')).toBe('IEND');
    expect((await get(`${site.url}/binary`)).headers['content-type']).toBe('application/octet-stream');
    expect((await get(`${site.url}/untyped`)).headers['content-type']).toBeUndefined();
  });

  it('generates /huge of the requested size', async () => {
    const response = await get(`${site.url}/huge?mb=1`);
    expect(response.body.length).toBeGreaterThanOrEqual(1024 * 1024);
    expect(response.body.length).toBeLessThan(1024 * 1024 + 2048);
    expect(response.body.toString('utf8')).toMatch(/<h2>1\. /);
  });

  it('serves legacy encodings as bytes in that encoding', async () => {
    const cp1252 = await get(`${site.url}/encoding/windows-1252`);
    expect(cp1252.headers['content-type']).toBe('text/html; charset=windows-1252');
    expect(cp1252.body.includes(Buffer.from([0x80]))).toBe(true);
    const sjis = await get(`${site.url}/encoding/shift-jis-meta`);
    expect(sjis.headers['content-type']).toBe('text/html');
    expect(new TextDecoder('shift_jis').decode(sjis.body)).toContain(ENCODING_TEXTS.shiftJis);
    const latin1 = await get(`${site.url}/encoding/undeclared-latin1`);
    expect(latin1.body.toString('latin1')).toContain(ENCODING_TEXTS.latin1);
  });

  it('serves gzip-encoded HTML', async () => {
    const response = await get(`${site.url}/gzip`);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString('utf8')).toContain('<h1>Compressed page</h1>');
  });

  it('echoes the request headers', async () => {
    expect(await text('/echo-headers')).toContain('<li>connection: close</li>');
    const response = await get(`${site.url}/echo-headers`, { 'x-probe': '<b>&</b>' });
    expect(response.body.toString()).toContain('<li>x-probe: &lt;b&gt;&amp;&lt;/b&gt;</li>');
  });

  it('serves a realistic page of about 75 KB, the same every time', async () => {
    const first = await get(`${site.url}/heavy`);
    const second = await get(`${site.url}/heavy`);
    expect(first.body.length).toBeGreaterThan(65_000);
    expect(first.body.length).toBeLessThan(85_000);
    expect(first.body.equals(second.body)).toBe(true);
    const html = first.body.toString('utf8');
    const parts = ['<style>', '<svg', 'ld+json', '<nav', '<aside', '<table>', '<pre><code', 'comments', '__APP_STATE'];
    for (const fragment of parts) expect(html).toContain(fragment);
  });

  it('answers unknown paths with 404', async () => {
    expect((await get(`${site.url}/nope`)).status).toBe(404);
  });
});

describe('FixtureServer.close', () => {
  it('cuts pending slow responses and open connections', async () => {
    const site = await startFixtureServer();
    const slow = get(`${site.url}/slow?ms=60000`);
    const stalled = get(`${site.url}/slow-body?ms=60000`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await site.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    await expect(slow).rejects.toThrow();
    await expect(stalled).rejects.toThrow();
    await expect(site.close()).resolves.toBeUndefined();
  });

  it('serves HTTPS with a self-signed certificate', async () => {
    const site = await startFixtureServer({ tls: true });
    try {
      expect(site.url).toBe(`https://127.0.0.1:${site.port}`);
    } finally {
      await site.close();
    }
  });
});
