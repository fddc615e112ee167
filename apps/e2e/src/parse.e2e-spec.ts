import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { textDocx, textPdf } from '@wh/testing';
import { charged, teamOnPlan } from './support/billing-admin';
import { deferralSeconds } from './support/deferral';
import { sharedStack } from './support/stack-env';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Firecrawl } = require('@mendable/firecrawl-js') as typeof import('@mendable/firecrawl-js');

const stack = sharedStack();
/** The gateway's default PARSE_MAX_BYTES. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

const ARTICLE_HTML = `<!DOCTYPE html><html><head><title>Harbour notes</title></head><body>
<nav><a href="/home">Site menu</a></nav>
<article><h1>The old harbour</h1>
<p>Boats have left the old harbour at dawn for three hundred years, and the fish market still opens before six.</p>
<p>Read the <a href="https://example.com/history">history of the port</a> or the <a href="tides.html">tide tables</a>.</p>
<aside class="promo">Subscribe today</aside></article>
<footer>Copyright the harbour trust</footer></body></html>`;

interface RawAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Bytes of the request body written before the answer came. */
  written: number;
}

/** How often one upload may be deferred by the gateway's back-pressure before its 429 counts as the answer. */
const MAX_DEFERRALS = 5;

/**
 * Sends a body as a client that honours back-pressure does: a 429 RATE_LIMIT_EXCEEDED with a Retry-After (a replica
 * of the shared stack saturated by another suite holds a team sending quick requests to its share) is tried again
 * after the time it names.
 */
async function rawUpload(
  apiKey: string,
  headers: Record<string, string>,
  chunks: () => Generator<Buffer>,
): Promise<RawAnswer> {
  let answer = await uploadOnce(apiKey, headers, chunks);
  for (let deferrals = 0; answer.retryAfterSeconds > 0 && deferrals < MAX_DEFERRALS; deferrals += 1) {
    await new Promise((resolve) => setTimeout(resolve, answer.retryAfterSeconds * 1_000));
    answer = await uploadOnce(apiKey, headers, chunks);
  }
  return answer;
}

/**
 * Sends a body chunk by chunk with node:http and stops writing as soon as the answer arrives, so a refusal that
 * comes before the body's end can be seen (fetch would insist on sending everything first).
 */
function uploadOnce(
  apiKey: string,
  headers: Record<string, string>,
  chunks: () => Generator<Buffer>,
): Promise<RawAnswer & { retryAfterSeconds: number }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const call = httpRequest(
      `${stack.baseUrl}/v2/parse`,
      { method: 'POST', headers: { authorization: `Bearer ${apiKey}`, ...headers } },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          call.destroy();
          const body = JSON.parse(text) as Record<string, unknown>;
          const retryAfterSeconds = deferralSeconds(
            response.statusCode ?? 0,
            body.code,
            response.headers['retry-after'],
          );
          resolve({ status: response.statusCode ?? 0, body, written, retryAfterSeconds });
        });
      },
    );
    call.on('error', (error) => {
      if (!answered) reject(error);
    });
    const source = chunks();
    const writeMore = (): void => {
      for (let next = source.next(); !next.done; next = source.next()) {
        if (answered) return;
        written += next.value.length;
        if (!call.write(next.value)) return void call.once('drain', writeMore);
      }
      if (!answered) call.end();
    };
    writeMore();
  });
}

const BOUNDARY = 'parse-e2e-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function part(name: string, body: string, filename?: string): Buffer {
  const disposition = `form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${body}\r\n`);
}

function* form(...parts: Buffer[]): Generator<Buffer> {
  yield* parts;
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/** Files left under a folder of the stack's object store; the folder itself must exist (uploads went there). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('POST /v2/parse', () => {
  let team: { name: string; apiKey: string; keyId: string };
  let firecrawl: InstanceType<typeof Firecrawl>;
  beforeAll(async () => {
    team = await teamOnPlan(stack, 'parse', ['--credits', '1000']);
    firecrawl = new Firecrawl({ apiKey: team.apiKey, apiUrl: stack.baseUrl });
  }, 60_000);

  describe('through the official SDK', () => {
    it("parses an HTML file with scrape's conversion, its main content and tag filters honoured", async () => {
      const document = await firecrawl.parse(
        { data: ARTICLE_HTML, filename: 'harbour.html', contentType: 'text/html' },
        { formats: ['markdown', 'links'] },
      );
      expect(document.markdown).toContain('# The old harbour');
      expect(document.markdown).toContain('fish market still opens before six');
      expect(document.markdown).not.toContain('Site menu');
      expect(document.links).toContain('https://example.com/history');
      expect(document.metadata).toMatchObject({
        sourceURL: 'harbour.html',
        url: 'harbour.html',
        title: 'Harbour notes',
        contentType: 'text/html',
        statusCode: 200,
      });

      const whole = await firecrawl.parse(
        { data: Buffer.from(ARTICLE_HTML), filename: 'harbour.html' },
        { formats: ['markdown', 'html'], onlyMainContent: false, excludeTags: ['.promo'] },
      );
      expect(whole.markdown).toContain('Site menu');
      expect(whole.markdown).toContain('Copyright the harbour trust');
      expect(whole.markdown).not.toContain('Subscribe today');
      expect(whole.html).toContain('<h1>The old harbour</h1>');
    });

    it('parses a PDF page by page, with its title and page count', async () => {
      const pdf = textPdf('Quarterly report', [
        ['Revenue grew in the first quarter.'],
        ['Costs fell in the second quarter.'],
        ['Outlook for the year.'],
      ]);
      const document = await firecrawl.parse({ data: pdf, filename: 'report.pdf', contentType: 'application/pdf' });
      expect(document.markdown).toContain('Revenue grew in the first quarter.');
      expect(document.markdown).toContain('Outlook for the year.');
      expect(document.metadata).toMatchObject({
        sourceURL: 'report.pdf',
        title: 'Quarterly report',
        contentType: 'application/pdf',
        numPages: 3,
      });
    });

    it('parses a Word document through mammoth, whatever its declared type', async () => {
      const docx = textDocx([
        { heading: 'Meeting minutes', paragraphs: ['The committee met on Tuesday.', 'Budget: approved & signed.'] },
        { heading: 'Actions', paragraphs: ['Repaint the lighthouse.'] },
      ]);
      const document = await firecrawl.parse(
        { data: new Uint8Array(docx), filename: 'minutes.docx', contentType: 'application/octet-stream' },
        { formats: ['markdown', 'html'], onlyMainContent: false },
      );
      expect(document.markdown).toContain('# Meeting minutes');
      expect(document.markdown).toContain('Budget: approved & signed.');
      expect(document.markdown).toContain('# Actions');
      expect(document.html).toContain('<h1>Actions</h1>');
      expect(document.metadata).toMatchObject({
        sourceURL: 'minutes.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
    });

    it('passes Markdown through as it is, rendering it for the HTML formats', async () => {
      const markdown = '# Tide tables\n\nHigh water at **06:12**, see [the almanac](https://example.com/almanac).\n';
      const document = await firecrawl.parse(
        { data: markdown, filename: 'tides.md' },
        { formats: ['markdown', 'html', 'links'], onlyMainContent: false },
      );
      expect(document.markdown).toBe(markdown);
      expect(document.html).toContain('<strong>06:12</strong>');
      expect(document.links).toEqual(['https://example.com/almanac']);
      expect(document.metadata).toMatchObject({ sourceURL: 'tides.md', contentType: 'text/markdown' });
    });

    it('returns plain text as it is, wrapped for the HTML formats', async () => {
      const text = 'Harbour master: 3 < 4 boats today.\nNo swimming.';
      const document = await firecrawl.parse({ data: text, filename: 'notice.txt' }, { formats: ['markdown', 'html'] });
      expect(document.markdown).toBe(text);
      expect(document.html).toBe('<pre>Harbour master: 3 &lt; 4 boats today.\nNo swimming.</pre>');
      expect(document.metadata).toMatchObject({ sourceURL: 'notice.txt', contentType: 'text/plain' });
    });

    it("answers the json format from the file's own data, as a scrape does without an LLM", async () => {
      const product = `<html><head><title>Heron Kettle</title><script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Product", "name": "Heron Kettle",
         "offers": {"@type": "Offer", "price": "89.50", "priceCurrency": "EUR"}}</script></head>
        <body><h1>Heron Kettle</h1><p>A quiet kettle.</p></body></html>`;
      const document = await firecrawl.parse(
        { data: product, filename: 'kettle.html' },
        {
          formats: [
            {
              type: 'json',
              schema: {
                type: 'object',
                properties: { name: { type: 'string' }, price: { type: 'number' } },
                required: ['name', 'price'],
              },
            },
          ],
        },
      );
      expect(document.json).toEqual({ name: 'Heron Kettle', price: 89.5 });
      expect(document.warning).toMatch(/without an LLM/);
      expect(document.markdown).toBeUndefined();
    });

    it('answers a conversion that outlives its timeout with a 408 (the ledger test below finds it unbilled)', async () => {
      const failure = (await firecrawl
        .parse({ data: ARTICLE_HTML, filename: 'late.html' }, { timeout: 1 })
        .catch((error: unknown) => error)) as { status?: number; code?: string };
      expect(failure).toMatchObject({ status: 408, code: 'SCRAPE_TIMEOUT' });
    });

    it('refuses a file of another type with a 400 naming the type it found', async () => {
      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]);
      const failure = (await firecrawl
        .parse({ data: png, filename: 'photo.html', contentType: 'text/html' })
        .catch((error: unknown) => error)) as { status?: number; code?: string; message: string };
      expect(failure.status).toBe(400);
      expect(failure.code).toBe('SCRAPE_UNSUPPORTED_FILE_ERROR');
      expect(failure.message).toMatch(/image\/png/);
    });

    it('charged 1 credit a document and 1 a PDF page, and kept none of the uploads', async () => {
      // HTML twice, a 3-page PDF, DOCX, Markdown, text, and HTML with json (1 + 4); the late one and the PNG are free.
      await charged(stack, team.name, 2 + 3 + 1 + 1 + 1 + 5);
      const client = new Client({ connectionString: stack.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ kind: string; api_key_id: string; credits: number }>(
          `select kind, api_key_id, credits from credit_ledger join teams on teams.id = credit_ledger.team_id
           where teams.name = $1 and entry = 'charge' order by credits`,
          [team.name],
        );
        expect(rows.map((row) => row.credits)).toEqual([1, 1, 1, 1, 1, 3, 5]);
        expect(new Set(rows.map((row) => `${row.kind} ${row.api_key_id}`))).toEqual(new Set([`parse ${team.keyId}`]));
      } finally {
        await client.end();
      }
      expect(await filesUnder(path.join(tmpdir(), 'webharvest-files', stack.namespace, 'parse-uploads'))).toEqual([]);
    });
  });

  describe('bad uploads', () => {
    it('answers a Content-Length over the limit with a 413 before the body is sent', async () => {
      const answer = await rawUpload(
        team.apiKey,
        { ...MULTIPART, 'content-length': String(MAX_FILE_BYTES + 4 * 1024 * 1024) },
        function* () {
          yield part('file', 'x'.repeat(1024), 'big.txt');
        },
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('answers a streamed file with a 413 once it passes the limit, not at the end of the body', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const planned = MAX_FILE_BYTES * 2;
      const answer = await rawUpload(team.apiKey, MULTIPART, function* () {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n`);
        for (let sent = 0; sent < planned; sent += chunk.length) yield chunk;
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
      expect(answer.written).toBeLessThan(planned);
    }, 60_000);

    it.each([
      ['a missing file part', () => form(part('options', '{"formats":["markdown"]}')), 'file'],
      ['a file sent as a plain field', () => form(part('file', 'words')), 'file'],
      ['an unknown part', () => form(part('attachment', 'words', 'a.txt')), 'attachment'],
      [
        'options that are not JSON',
        () => form(part('options', '{"formats": ['), part('file', 'words', 'a.txt')),
        'options',
      ],
      [
        'an unknown option',
        () => form(part('options', '{"pageRange": "1-3"}'), part('file', 'words', 'a.txt')),
        'pageRange',
      ],
      [
        'an option of the wrong type',
        () => form(part('options', '{"onlyMainContent": "yes"}'), part('file', 'words', 'a.txt')),
        'onlyMainContent',
      ],
      [
        'a browser-only option',
        () => form(part('options', '{"waitFor": 500}'), part('file', 'words', 'a.txt')),
        'waitFor',
      ],
      ['an empty file', () => form(part('file', '', 'empty.txt')), 'file'],
    ])('refuses %s with a 400 naming it', async (_name, body, field) => {
      const answer = await rawUpload(team.apiKey, MULTIPART, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect((answer.body.details as { path: string }[]).map((problem) => problem.path)).toContain(field);
    });

    it('refuses a body that is not multipart, or is cut short, with a 400', async () => {
      const json = await rawUpload(team.apiKey, { 'content-type': 'application/json' }, function* () {
        yield Buffer.from('{"file": "words"}');
      });
      expect(json.status).toBe(400);
      expect(json.body.error).toMatch(/multipart\/form-data/);
      const truncated = await rawUpload(team.apiKey, MULTIPART, function* () {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhal`);
      });
      expect(truncated.status).toBe(400);
    });

    it('asks for an API key like every other endpoint', async () => {
      const answer = await rawUpload('fc-wrong', MULTIPART, () => form(part('file', 'words', 'a.txt')));
      expect(answer.status).toBe(401);
    });
  });
});
