import { ErrorCode } from '@wh/contracts';
import { ENCODING_TEXTS, type FixtureServer, startFixtureServer } from '@wh/testing';
import { HttpEngine } from './http-engine';
import type { HttpFetchRequest } from './http-fetch.types';
import type { Resolver } from '@wh/platform/target-safety';

const MB = 1024 * 1024;

describe('HttpEngine', () => {
  let site: FixtureServer;
  let engine: HttpEngine;

  const request = (path: string, overrides: Partial<HttpFetchRequest> = {}): HttpFetchRequest => ({
    url: path.startsWith('/') ? `${site.url}${path}` : path,
    headers: {},
    timeoutMs: 5_000,
    skipTlsVerification: false,
    maxBodyBytes: 10 * MB,
    allowPrivateTargets: true,
    userAgent: 'WebHarvestTest/1.0',
    ...overrides,
  });

  beforeAll(async () => {
    site = await startFixtureServer();
    engine = new HttpEngine();
  });
  afterAll(async () => {
    await engine.close();
    await site.close();
  });

  it('fetches an HTML page with its status, headers, mime type and decoded text', async () => {
    const response = await engine.fetch(request('/article'));
    expect(response).toMatchObject({
      url: `${site.url}/article`,
      statusCode: 200,
      contentType: 'text/html',
      charset: 'utf-8',
      redirects: [],
    });
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.text).toContain('<h1>The Rivers That Made the City</h1>');
    expect(response.body.toString('utf8')).toBe(response.text);
  });

  it('sends User-Agent, Accept and Accept-Encoding, letting request headers override them', async () => {
    const defaults = await engine.fetch(request('/echo-headers'));
    expect(defaults.text).toContain('<li>user-agent: WebHarvestTest/1.0</li>');
    expect(defaults.text).toContain('<li>accept-encoding: gzip, deflate, br</li>');
    expect(defaults.text).toMatch(/<li>accept: text\/html,[^<]+<\/li>/);

    const custom = await engine.fetch(
      request('/echo-headers', { headers: { 'User-Agent': 'Custom/2.0', 'X-Trace': 'abc', Host: 'evil.example' } }),
    );
    expect(custom.text).toContain('<li>user-agent: Custom/2.0</li>');
    expect(custom.text).toContain('<li>x-trace: abc</li>');
    expect(custom.text).toContain(`<li>host: 127.0.0.1:${site.port}</li>`);
  });

  it('turns credentials in the URL into Basic authorization and keeps them out of the result', async () => {
    const response = await engine.fetch(request(`http://user:p%40ss@127.0.0.1:${site.port}/echo-headers`));
    expect(response.text).toContain(`<li>authorization: Basic ${Buffer.from('user:p@ss').toString('base64')}</li>`);
    expect(response.url).toBe(`${site.url}/echo-headers`);
  });

  describe('redirects', () => {
    it('follows a chain of absolute redirects and records each hop', async () => {
      const response = await engine.fetch(request('/redirect/3'));
      expect(response.statusCode).toBe(200);
      expect(response.url).toBe(`${site.url}/article`);
      expect(response.redirects).toEqual([`${site.url}/redirect/2`, `${site.url}/redirect/1`, `${site.url}/article`]);
    });

    it('resolves a relative Location against the current URL', async () => {
      const response = await engine.fetch(request('/redirect-relative'));
      expect(response.url).toBe(`${site.url}/article?via=relative`);
      expect(response.text).toContain('The Rivers That Made the City');
    });

    it.each([301, 302, 303, 307, 308])('follows %i with GET', async (status) => {
      const response = await engine.fetch(request(`/redirect/2?status=${status}`));
      expect(response.statusCode).toBe(200);
      expect(response.redirects).toHaveLength(2);
    });

    it('follows ten redirects but not eleven', async () => {
      await expect(engine.fetch(request('/redirect/10'))).resolves.toMatchObject({ statusCode: 200 });
      await expect(engine.fetch(request('/redirect/11'))).rejects.toMatchObject({ code: ErrorCode.ScrapeSiteError });
    });

    it('checks every hop against the target policy', async () => {
      const toFile = request(`/redirect-to?url=${encodeURIComponent('file:///etc/passwd')}`);
      await expect(engine.fetch(toFile)).rejects.toMatchObject({ code: ErrorCode.ScrapeTargetForbidden });
    });

    it('drops credentials when a redirect leaves the origin', async () => {
      const otherOrigin = `http://localhost:${site.port}/echo-headers`;
      const response = await engine.fetch(
        request(`/redirect-to?url=${encodeURIComponent(otherOrigin)}`, {
          headers: { Authorization: 'Bearer secret', Cookie: 'session=1', 'X-Kept': 'yes' },
        }),
      );
      expect(response.url).toBe(otherOrigin);
      expect(response.text).not.toContain('authorization');
      expect(response.text).not.toContain('cookie');
      expect(response.text).toContain('<li>x-kept: yes</li>');
    });
  });

  describe('target safety', () => {
    it('refuses loopback targets unless private targets are allowed', async () => {
      await expect(engine.fetch(request('/article', { allowPrivateTargets: false }))).rejects.toMatchObject({
        code: ErrorCode.ScrapeTargetForbidden,
      });
      await expect(engine.fetch(request('/article', { allowPrivateTargets: true }))).resolves.toMatchObject({
        statusCode: 200,
      });
    });

    it.each([
      'http://localhost/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://10.0.0.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
    ])('refuses %s before connecting', async (url) => {
      await expect(engine.fetch(request(url, { allowPrivateTargets: false }))).rejects.toMatchObject({
        code: ErrorCode.ScrapeTargetForbidden,
      });
    });

    it('refuses other schemes even when private targets are allowed', async () => {
      await expect(engine.fetch(request('ftp://127.0.0.1/file'))).rejects.toMatchObject({
        code: ErrorCode.ScrapeTargetForbidden,
      });
    });

    it('checks names when they are resolved for the connection', async () => {
      const resolver: Resolver = (hostname, _options, callback) =>
        hostname === 'rebind.test'
          ? callback(null, [{ address: '127.0.0.1', family: 4 }])
          : callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
      const guarded = new HttpEngine({ resolver });
      try {
        const url = `http://rebind.test:${site.port}/article`;
        await expect(guarded.fetch(request(url, { allowPrivateTargets: false }))).rejects.toMatchObject({
          code: ErrorCode.ScrapeTargetForbidden,
        });
        await expect(guarded.fetch(request(url, { allowPrivateTargets: true }))).resolves.toMatchObject({
          statusCode: 200,
          url,
        });
        await expect(guarded.fetch(request(`http://nowhere.test:${site.port}/`))).rejects.toMatchObject({
          code: ErrorCode.ScrapeDnsResolutionError,
        });
      } finally {
        await guarded.close();
      }
    });
  });

  describe('limits', () => {
    it('times out on a page that answers too late', async () => {
      const started = Date.now();
      await expect(engine.fetch(request('/slow?ms=5000', { timeoutMs: 200 }))).rejects.toMatchObject({
        code: ErrorCode.ScrapeTimeout,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('counts the body in the timeout', async () => {
      await expect(engine.fetch(request('/slow-body?ms=5000', { timeoutMs: 300 }))).rejects.toMatchObject({
        code: ErrorCode.ScrapeTimeout,
      });
    });

    it('rejects with the reason of an aborted signal', async () => {
      const controller = new AbortController();
      const pending = engine.fetch(request('/slow?ms=5000', { signal: controller.signal }));
      const reason = new Error('job cancelled');
      setTimeout(() => controller.abort(reason), 50);
      await expect(pending).rejects.toBe(reason);
    });

    it('refuses bodies over the cap', async () => {
      await expect(engine.fetch(request('/huge?mb=1', { maxBodyBytes: 100_000 }))).rejects.toMatchObject({
        code: ErrorCode.ScrapeResponseTooLarge,
      });
    });

    it('applies the cap to decompressed bytes', async () => {
      await expect(engine.fetch(request('/gzip-bomb?mb=8', { maxBodyBytes: MB }))).rejects.toMatchObject({
        code: ErrorCode.ScrapeResponseTooLarge,
      });
    });

    it('reads a page of several megabytes under the cap', async () => {
      const response = await engine.fetch(request('/huge?mb=5', { maxBodyBytes: 8 * MB }));
      expect(response.body.length).toBeGreaterThanOrEqual(5 * MB);
      expect(response.text).toContain('</html>');
    });
  });

  describe('content', () => {
    it.each(['/gzip', '/deflate', '/deflate-raw', '/brotli'])('decompresses %s', async (path) => {
      const response = await engine.fetch(request(path));
      expect(response.headers['content-encoding']).toBeDefined();
      expect(response.text).toContain('<h1>Compressed page</h1>');
      expect(response.text).toContain('Ünïcödé after decompression.');
    });

    it.each([
      ['/encoding/windows-1252', ENCODING_TEXTS.windows1252, 'windows-1252'],
      ['/encoding/windows-1252-meta', ENCODING_TEXTS.windows1252, 'windows-1252'],
      ['/encoding/shift-jis-meta', ENCODING_TEXTS.shiftJis, 'shift_jis'],
      ['/encoding/shift-jis-header', ENCODING_TEXTS.shiftJis, 'shift_jis'],
      ['/encoding/undeclared-latin1', ENCODING_TEXTS.latin1, 'windows-1252'],
      ['/encoding/utf-8-bom', ENCODING_TEXTS.windows1252, 'utf-8'],
    ])('decodes %s', async (path, expected, charset) => {
      const response = await engine.fetch(request(path));
      expect(response.charset).toBe(charset);
      expect(response.text).toContain(`<p id="text">${expected}</p>`);
      expect(response.text?.startsWith('<!DOCTYPE html>')).toBe(true);
    });

    it('returns binary content without text', async () => {
      const image = await engine.fetch(request('/image.png'));
      expect(image.contentType).toBe('image/png');
      expect(image.text).toBeUndefined();
      expect(image.charset).toBeUndefined();
      expect(image.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

      const binary = await engine.fetch(request('/binary'));
      expect(binary.contentType).toBe('application/octet-stream');
      expect(binary.text).toBeUndefined();
      expect(binary.body).toHaveLength(2048);
    });

    it('decodes JSON and plain text', async () => {
      const json = await engine.fetch(request('/json'));
      expect(json.contentType).toBe('application/json');
      expect(JSON.parse(json.text ?? '')).toMatchObject({ note: 'Grüße aus Mühlheim – 川' });

      const text = await engine.fetch(request('/text'));
      expect(text.contentType).toBe('text/plain');
      expect(text.text).toContain('Ünïcödé survives.');
    });

    it('decodes an HTML body served without a Content-Type', async () => {
      const response = await engine.fetch(request('/untyped'));
      expect(response.contentType).toBe('');
      expect(response.text).toContain('<h1>No content type</h1>');
    });

    it.each([404, 500, 503])('returns HTTP %i as a response, not an error', async (status) => {
      const response = await engine.fetch(request(`/status/${status}`));
      expect(response.statusCode).toBe(status);
      expect(response.text).toContain(`<h1>${status} `);
    });
  });

  describe('connection failures', () => {
    it('reports a refused connection as a site error', async () => {
      const gone = await startFixtureServer();
      await gone.close();
      await expect(engine.fetch(request(`${gone.url}/article`))).rejects.toMatchObject({
        code: ErrorCode.ScrapeSiteError,
      });
    });

    it('rejects an invalid URL as a bad request', async () => {
      await expect(engine.fetch(request('not a url'))).rejects.toMatchObject({ code: ErrorCode.BadRequest });
    });
  });

  describe('TLS', () => {
    let secure: FixtureServer;
    beforeAll(async () => {
      secure = await startFixtureServer({ tls: true });
    });
    afterAll(async () => {
      await secure.close();
    });

    it('refuses an untrusted certificate when verification is on', async () => {
      await expect(engine.fetch(request(`${secure.url}/article`))).rejects.toMatchObject({
        code: ErrorCode.ScrapeSslError,
      });
    });

    it('accepts it when verification is skipped', async () => {
      const response = await engine.fetch(request(`${secure.url}/article`, { skipTlsVerification: true }));
      expect(response.statusCode).toBe(200);
      expect(response.url).toBe(`${secure.url}/article`);
    });
  });
});
