import { callApi } from '@wh/testing';
import { sharedStack } from './support/stack-env';

const stack = sharedStack();
const target = 'https://example.com/page';

interface BadCase {
  name: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  status: number;
  code: string;
  /** A field path that must be named in `details`. */
  detailPath?: string;
}

const cases: BadCase[] = [
  { name: 'malformed JSON', rawBody: '{"url": "https://example.com"', status: 400, code: 'BAD_REQUEST' },
  { name: 'a JSON string instead of an object', rawBody: '"https://example.com"', status: 400, code: 'BAD_REQUEST' },
  { name: 'a JSON array instead of an object', body: [{ url: target }], status: 400, code: 'BAD_REQUEST' },
  { name: 'an empty object', body: {}, status: 400, code: 'BAD_REQUEST', detailPath: 'url' },
  {
    name: 'a text/plain body',
    rawBody: JSON.stringify({ url: target }),
    contentType: 'text/plain',
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'url',
  },
  { name: 'url of the wrong type', body: { url: 42 }, status: 400, code: 'BAD_REQUEST', detailPath: 'url' },
  { name: 'an ftp url', body: { url: 'ftp://example.com/file' }, status: 400, code: 'BAD_REQUEST', detailPath: 'url' },
  {
    name: 'a javascript: url',
    body: { url: 'javascript:alert(1)' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'url',
  },
  { name: 'a file: url', body: { url: 'file:///etc/passwd' }, status: 400, code: 'BAD_REQUEST', detailPath: 'url' },
  {
    name: 'text that is not a url',
    body: { url: 'not a url at all' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'url',
  },
  {
    name: 'an unknown top-level field',
    body: { url: target, colour: 'blue' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'colour',
  },
  {
    name: 'an unknown nested field',
    body: { url: target, location: { country: 'US', planet: 'Mars' } },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'location.planet',
  },
  {
    name: 'timeout of zero',
    body: { url: target, timeout: 0 },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'timeout',
  },
  {
    name: 'timeout above the maximum',
    body: { url: target, timeout: 300_001 },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'timeout',
  },
  {
    name: 'timeout as a string',
    body: { url: target, timeout: '30000' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'timeout',
  },
  {
    name: 'a fractional timeout',
    body: { url: target, timeout: 1.5 },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'timeout',
  },
  {
    name: 'a negative maxAge',
    body: { url: target, maxAge: -1 },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'maxAge',
  },
  {
    name: 'an unknown format',
    body: { url: target, formats: ['markdown', 'hologram'] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'formats',
  },
  {
    name: 'formats that is not an array',
    body: { url: target, formats: 'markdown' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'formats',
  },
  {
    name: 'a boolean given as text',
    body: { url: target, onlyMainContent: 'yes' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'onlyMainContent',
  },
  {
    name: 'headers with a non-string value',
    body: { url: target, headers: { 'x-a': 1 } },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'headers',
  },
  {
    name: 'an unknown proxy kind',
    body: { url: target, proxy: 'turbo' },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'proxy',
  },
  {
    name: 'an unknown action type',
    body: { url: target, actions: [{ type: 'explode' }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'actions.0.type',
  },
  {
    name: 'an option the branding format does not have',
    body: { url: target, formats: [{ type: 'branding', depth: 2 }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'formats.branding.depth',
  },
  {
    name: 'changeTracking without the markdown it compares',
    body: { url: target, formats: [{ type: 'changeTracking' }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'formats',
  },
  {
    name: 'a json format whose schema Ajv refuses',
    body: { url: target, formats: [{ type: 'json', schema: { type: 'object', required: 'name' } }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'formats.json.schema',
  },
  {
    name: 'a json format with neither schema nor prompt',
    body: { url: target, formats: [{ type: 'json' }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'formats.json',
  },
  {
    name: 'a field unknown to every action',
    body: { url: target, actions: [{ type: 'wait', seconds: 10 }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'actions.0.seconds',
  },
  {
    name: 'a wrongly typed action field',
    body: { url: target, actions: [{ type: 'wait', milliseconds: 'soon' }] },
    status: 400,
    code: 'BAD_REQUEST',
    detailPath: 'actions.0.milliseconds',
  },
];

describe('POST /v2/scrape rejects bad input with a Firecrawl-style 4xx', () => {
  it.each(cases)('$name → $status $code', async (badCase) => {
    const response = await callApi(stack, 'POST', '/v2/scrape', badCase.body, {
      rawBody: badCase.rawBody,
      contentType: badCase.contentType,
    });
    expect(response.status).toBe(badCase.status);
    expect(response.body).toMatchObject({ success: false, code: badCase.code });
    expect(typeof response.body.error).toBe('string');
    if (badCase.detailPath) {
      const details = response.body.details as Array<{ path: string; message: string }>;
      expect(details.map((detail) => detail.path)).toContain(badCase.detailPath);
    }
  });

  it('answers a body above the size limit with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ url: target, headers: { padding: 'x'.repeat(11 * 1024 * 1024) } });
    const response = await callApi(stack, 'POST', '/v2/scrape', undefined, { rawBody: huge });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const health = await fetch(`${stack.baseUrl}/readyz`);
    expect(health.status).toBe(200);
  });

  it('answers an unknown route with a Firecrawl-style 404', async () => {
    const response = await callApi(stack, 'GET', '/v2/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
