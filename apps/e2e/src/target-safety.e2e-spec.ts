import { callApi } from '@wh/testing';
import { useOwnStack } from './support/own-stack';

describe('target safety with the production default (ALLOW_PRIVATE_TARGETS=false)', () => {
  const own = useOwnStack('ssrf', ['api-gateway', 'scrape-worker', 'billing-service'], {
    ALLOW_PRIVATE_TARGETS: 'false',
  });
  const site = () => own.site();

  it.each([
    ['a loopback address', () => `${site().url}/article`],
    ['localhost', () => `http://localhost:${site().port}/article`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', () => 'http://10.0.0.1/'],
    ['an IPv6 loopback', () => `http://[::1]:${site().port}/article`],
    ['an IPv4-mapped IPv6 loopback', () => `http://[::ffff:127.0.0.1]:${site().port}/article`],
  ])('refuses %s with 403', async (_name, target) => {
    const response = await callApi(own.stack(), 'POST', '/v2/scrape', { url: target(), maxAge: 0, timeout: 5000 });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 'SCRAPE_TARGET_FORBIDDEN' });
  });

  it.each([
    ['a screenshot of a loopback page', () => ({ url: `${site().url}/article`, formats: ['screenshot'] })],
    ['a mobile render of localhost', () => ({ url: `http://localhost:${site().port}/article`, mobile: true })],
    ['actions on a private address', () => ({ url: 'http://10.0.0.1/', actions: [{ type: 'scrape' }] })],
  ])(
    'refuses %s in the browser engine too',
    async (_name, body) => {
      const response = await callApi(own.stack(), 'POST', '/v2/scrape', { ...body(), maxAge: 0, timeout: 15_000 });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: 'SCRAPE_TARGET_FORBIDDEN' });
    },
    30_000,
  );
});
