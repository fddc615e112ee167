import {
  callApi,
  type FakeChatBody,
  type FakeLlm,
  type FakeLlmReply,
  type FixtureServer,
  startFakeLlm,
  startFixtureServer,
} from '@wh/testing';
import { waitForJob } from './support/crawl-helpers';
import { useOwnStack } from './support/own-stack';
import { storedInCache } from './support/scrape-cache';
import { sharedStack } from './support/stack-env';
import { UsageLedger } from './support/usage-ledger';

// The official SDK ships as ESM with a CommonJS build; Jest loads the CommonJS one.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

/** How the fixture sites are drawn (libs/testing/src/fixture-server/sites/branding.ts). */
interface Branding {
  colorScheme?: string;
  brandName?: string;
  logo?: string | null;
  fonts?: Array<{ family: string }>;
  colors?: Record<string, string>;
  typography?: { fontFamilies?: Record<string, string>; fontSizes?: Record<string, string> };
  spacing?: { baseUnit?: number; borderRadius?: string };
  components?: { buttonPrimary?: Record<string, string>; buttonSecondary?: Record<string, string> };
  images?: { logo?: string | null; favicon?: string | null; ogImage?: string | null };
  personality?: { tone: string; energy: string; targetAudience: string };
}
interface BrandedData {
  branding?: Branding;
  markdown?: string;
  warning?: string;
  metadata: { engine?: string; cacheState?: string; statusCode: number };
}

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer();
});
afterAll(async () => {
  await site.close();
});

async function scrapeOn(
  stack: Parameters<typeof callApi>[0],
  body: Record<string, unknown>,
): Promise<{ status: number; data: BrandedData; body: Record<string, unknown> }> {
  const response = await callApi(stack, 'POST', '/v2/scrape', { maxAge: 0, ...body });
  return { status: response.status, data: response.body.data as BrandedData, body: response.body };
}

describe('the branding format without an LLM (heuristics)', () => {
  const stack = sharedStack();
  const scrape = (body: Record<string, unknown>) => scrapeOn(stack, body);

  it('reads a dark theme: dark scheme, its background, light text, the violet accent, fonts, logo and buttons', async () => {
    const { status, data } = await scrape({ url: `${site.url}/branding/dark`, formats: ['branding'] });
    expect(status).toBe(200);
    expect(data.metadata.engine).toBe('chromium');
    expect(data.markdown).toBeUndefined();
    const branding = data.branding as Branding;
    expect(branding).toMatchObject({
      colorScheme: 'dark',
      brandName: 'Nebula',
      logo: `${site.url}/branding/assets/nebula-logo.png`,
      colors: { primary: '#A78BFA', background: '#0B1020', textPrimary: '#E5E7EB', textSecondary: '#94A3B8' },
      typography: {
        fontFamilies: { primary: 'Space Grotesk', heading: 'Sora' },
        fontSizes: { h1: '64px', h2: '36px', body: '17px' },
      },
      spacing: { borderRadius: '10px' },
      components: {
        buttonPrimary: { background: '#A78BFA', textColor: '#0B1020', borderRadius: '10px' },
        buttonSecondary: { background: 'transparent', textColor: '#A78BFA', borderColor: '#A78BFA' },
      },
      images: {
        logo: `${site.url}/branding/assets/nebula-logo.png`,
        favicon: `${site.url}/branding/assets/nebula-favicon.png`,
        ogImage: `${site.url}/branding/assets/nebula-og.png`,
      },
    });
    expect(branding.fonts?.map((font) => font.family)).toEqual(['Space Grotesk', 'Sora']);
    expect(branding.personality).toBeUndefined();
  });

  it('reads a light theme: the coloured call to action is the primary colour and button, the hero image is not the logo', async () => {
    const { status, data } = await scrape({ url: `${site.url}/branding/light`, formats: ['markdown', 'branding'] });
    expect(status).toBe(200);
    expect(data.markdown).toContain('# Books that balance themselves');
    expect(data.branding).toMatchObject({
      colorScheme: 'light',
      logo: `${site.url}/branding/assets/harbor-logo.png`,
      colors: { primary: '#FF5A1F', background: '#FFFFFF', textPrimary: '#1F2937', textSecondary: '#6B7280' },
      typography: { fontFamilies: { primary: 'Inter', heading: 'Poppins' }, fontSizes: { h1: '56px', body: '16px' } },
      spacing: { baseUnit: 8, borderRadius: '8px' },
      components: {
        buttonPrimary: { background: '#FF5A1F', textColor: '#FFFFFF', borderRadius: '8px' },
        buttonSecondary: { background: 'transparent', textColor: '#1F2937', borderColor: '#D1D5DB' },
      },
    });
  });

  it('takes an inline SVG as the logo, as a data URI, over a header icon', async () => {
    const { status, data } = await scrape({ url: `${site.url}/branding/svg-logo`, formats: ['branding'] });
    expect(status).toBe(200);
    const branding = data.branding as Branding;
    expect(branding.logo).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent((branding.logo as string).slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('aria-label="Fernleaf"');
    expect(branding.images?.logo).toBe(branding.logo);
    expect(branding).toMatchObject({
      colorScheme: 'light',
      colors: { primary: '#16A34A', background: '#F8FAFC', textPrimary: '#0F172A' },
      typography: { fontFamilies: { primary: 'Source Sans 3', heading: 'Merriweather' } },
      components: { buttonPrimary: { background: '#16A34A', textColor: '#FFFFFF', borderRadius: '4px' } },
      images: { favicon: `${site.url}/branding/assets/fernleaf-favicon.png`, ogImage: null },
    });
  });

  it('keeps the branding with its page in the cache, apart from the same page scraped without it', async () => {
    const url = `${site.url}/branding/light?cached=1`;
    const plain = await scrape({ url, formats: ['markdown'], maxAge: 60_000 });
    expect(plain.data.branding).toBeUndefined();
    const fresh = await scrape({ url, formats: ['markdown', 'branding'], maxAge: 60_000 });
    expect(fresh.data.metadata.cacheState).toBe('miss');
    expect(fresh.data.branding?.colors?.primary).toBe('#FF5A1F');
    await storedInCache(stack.databaseUrl, url, 2);
    const cached = await scrape({ url, formats: ['markdown', 'branding'], maxAge: 60_000 });
    expect(cached.data.metadata.cacheState).toBe('hit');
    expect(cached.data.branding).toEqual(fresh.data.branding);
  });

  it.each([
    ['a PDF', '/files/report.pdf', 'application/pdf'],
    ['JSON', '/app/api/products', 'application/json'],
  ])('refuses %s with SCRAPE_BRANDING_NOT_SUPPORTED', async (_kind, path, contentType) => {
    const { status, body } = await scrape({ url: `${site.url}${path}`, formats: ['branding'] });
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_BRANDING_NOT_SUPPORTED' });
    expect(body.error).toContain(`is ${contentType}`);
  });

  it('refuses options on the branding format before scraping', async () => {
    const { status, body } = await scrape({ url: `${site.url}/branding/dark`, formats: [{ type: 'branding', x: 1 }] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('answers in the scrapeOptions of a batch scrape, one credit a page', async () => {
    const started = await callApi(stack, 'POST', '/v2/batch/scrape', {
      urls: [`${site.url}/branding/dark?batch=1`, `${site.url}/branding/light?batch=1`],
      formats: ['branding'],
      maxAge: 0,
    });
    expect(started.status).toBe(200);
    const status = await waitForJob(stack, `/v2/batch/scrape/${started.body.id as string}`);
    expect(status.status).toBe('completed');
    const primaries = (status.data as unknown as BrandedData[]).map((page) => page.branding?.colors?.primary).sort();
    expect(primaries).toEqual(['#A78BFA', '#FF5A1F']);
    expect(status.creditsUsed).toBe(2);
  });

  it('works through the official SDK', async () => {
    const firecrawl = new Firecrawl({ apiKey: stack.apiKey, apiUrl: stack.baseUrl });
    const document = await firecrawl.scrape(`${site.url}/branding/light`, { formats: ['branding'], maxAge: 0 });
    expect(document.branding?.colors?.primary).toBe('#FF5A1F');
    expect(document.branding?.components?.buttonPrimary?.background).toBe('#FF5A1F');
    expect(document.branding?.logo).toBe(`${site.url}/branding/assets/harbor-logo.png`);
  });
});

describe('the branding format with an LLM', () => {
  let llm: FakeLlm;
  /** How the fake model answers the branding call. */
  let brandingReply: () => FakeLlmReply = () => ({ kind: 'status', status: 500 });
  beforeAll(async () => {
    llm = await startFakeLlm();
    llm.otherwise((body: FakeChatBody) =>
      (body.messages?.[0]?.content ?? '').startsWith('You review the branding measured on a web page')
        ? brandingReply()
        : { kind: 'status', status: 400, message: 'this suite only answers branding calls' },
    );
  });
  afterAll(async () => {
    await llm?.close();
  });
  const own = useOwnStack('branding', ['api-gateway', 'scrape-worker', 'extract-service', 'billing-service'], () => ({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'fake-model',
    LLM_CACHE_TTL_MS: '0',
    ...(process.env.CHROMIUM_PATH ? { CHROMIUM_PATH: process.env.CHROMIUM_PATH } : {}),
  }));
  const ledger = new UsageLedger(() => own.stack().databaseUrl);
  const scrape = async (body: Record<string, unknown>) => {
    const response = await scrapeOn(own.stack(), body);
    ledger.note(response.status);
    return response;
  };

  it("adds the model's personality and applies its colour roles and logo choice; one credit, with its tokens", async () => {
    brandingReply = () => ({
      kind: 'json',
      value: {
        colors: {
          primary: '#16A34A',
          secondary: '#15803D',
          accent: '#ABCDEF',
          background: null,
          textPrimary: null,
          textSecondary: null,
          link: null,
        },
        fonts: [{ original: 'Source Sans 3', family: 'Source Sans Pro' }],
        logoIndex: 0,
        personality: { tone: 'traditional', energy: 'low', targetAudience: 'home gardeners' },
      },
    });
    const from = llm.requests.length;
    let response: Awaited<ReturnType<typeof scrape>> | undefined;
    const { credits, tokens } = await ledger.chargeOf(async () => {
      response = await scrape({ url: `${site.url}/branding/svg-logo`, formats: ['branding'] });
    });
    expect(response?.status).toBe(200);
    const branding = response?.data.branding as Branding;
    expect(branding.personality).toEqual({ tone: 'traditional', energy: 'low', targetAudience: 'home gardeners' });
    expect(branding.colors).toMatchObject({ primary: '#16A34A', secondary: '#15803D', background: '#F8FAFC' });
    // A colour the page was never seen painting is not taken from the model.
    expect(branding.colors?.accent).not.toBe('#ABCDEF');
    expect(branding.typography?.fontFamilies?.primary).toBe('Source Sans Pro');
    expect(branding.logo).toMatch(/^data:image\/svg\+xml,/);
    expect(response?.data.warning).toBeUndefined();
    expect(credits).toBe(1);
    // The fake server counts about four characters a token; the profile and evidence alone are far over 50.
    expect(tokens).toBeGreaterThan(50);

    expect(llm.requests.length - from).toBe(1);
    const prompt = llm.promptOf(from);
    expect(prompt).toMatch(/<<<PAGE (\w+)>>>[\s\S]*Grow more with less[\s\S]*<<<END PAGE \1>>>/);
    expect(prompt).toContain('Source Sans 3');
  });

  it('keeps the heuristics, without personality, when the model fails, says so, and does not cache that answer', async () => {
    brandingReply = () => ({ kind: 'text', text: 'I would rather talk about gardening.' });
    const url = `${site.url}/branding/light?model=failing`;
    const failed = await scrape({ url, formats: ['branding'], maxAge: 60_000 });
    expect(failed.status).toBe(200);
    expect(failed.data.branding).toMatchObject({
      colors: { primary: '#FF5A1F', background: '#FFFFFF' },
      components: { buttonPrimary: { background: '#FF5A1F' } },
    });
    expect(failed.data.branding?.personality).toBeUndefined();
    expect(failed.data.warning).toMatch(/branding: the model's pass failed \(LLM_OUTPUT_INVALID/);

    brandingReply = () => ({
      kind: 'json',
      value: {
        colors: {},
        fonts: [],
        logoIndex: null,
        personality: { tone: 'professional', energy: 'medium', targetAudience: 'small shop owners' },
      },
    });
    const again = await scrape({ url, formats: ['branding'], maxAge: 60_000 });
    expect(again.data.metadata.cacheState).toBe('miss');
    expect(again.data.branding?.personality?.targetAudience).toBe('small shop owners');
    expect(again.data.branding?.logo).toBe(`${site.url}/branding/assets/harbor-logo.png`);
  });
});
