import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { ErrorCode } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { LocalFolderStorage } from '@wh/platform/storage';
import { receiveUpload, type UploadTarget } from './upload-receiver';

const BOUNDARY = 'wh-test-boundary';
const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const KEY = 'parse-uploads/team/job';

function part(name: string, body: string, file?: { filename: string; type?: string }): string {
  const disposition = `form-data; name="${name}"${file ? `; filename="${file.filename}"` : ''}`;
  const type = file?.type ? `\r\nContent-Type: ${file.type}` : '';
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${body}\r\n`;
}

function form(...parts: string[]): Readable {
  return Readable.from([Buffer.from(`${parts.join('')}--${BOUNDARY}--\r\n`)]);
}

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the upload to be refused');
}

function paths(failure: DomainError): string[] {
  return (failure.details as { path: string }[]).map((problem) => problem.path);
}

describe('receiveUpload', () => {
  let root: string;
  let storage: LocalFolderStorage;
  let options: string[];
  let target: UploadTarget;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'wh-upload-'));
    storage = new LocalFolderStorage(root);
    options = [];
    target = { storage, key: KEY, expiresAt: Date.now() + 60_000, onOptions: (text) => options.push(text) };
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('hands over the options and streams the file into the store', async () => {
    const body = form(
      part('options', '{"formats":["markdown"]}'),
      part('file', '<p>hi</p>', { filename: 'a.html', type: 'text/html' }),
    );
    const file = await receiveUpload(HEADERS, body, { maxFileBytes: 1024 }, target);
    expect(file).toEqual({ filename: 'a.html', declaredContentType: 'text/html', size: 9 });
    expect(options).toEqual(['{"formats":["markdown"]}']);
    expect((await storage.get(KEY))?.body.toString()).toBe('<p>hi</p>');
  });

  it('refuses a Content-Length over the limit without reading the body', async () => {
    const neverEnding = new PassThrough();
    const failure = await failureOf(
      receiveUpload(
        { ...HEADERS, 'content-length': String(10 * 1024 * 1024) },
        neverEnding,
        { maxFileBytes: 1024 },
        target,
      ),
    );
    expect(failure.code).toBe(ErrorCode.PayloadTooLarge);
    expect(neverEnding.readableFlowing).toBeNull();
  });

  it('refuses a file as soon as it passes the limit, before the body ends, and keeps nothing', async () => {
    async function* endless(): AsyncGenerator<Buffer> {
      yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n`);
      for (;;) yield Buffer.alloc(64 * 1024, 0x61);
    }
    const failure = await failureOf(
      receiveUpload(HEADERS, Readable.from(endless()), { maxFileBytes: 100_000 }, target),
    );
    expect(failure.code).toBe(ErrorCode.PayloadTooLarge);
    expect(failure.message).toMatch(/100000 bytes/);
    expect(await storage.get(KEY)).toBeUndefined();
  });

  it('stops at options that are refused, before the file is stored', async () => {
    const refusal = new DomainError(ErrorCode.BadRequest, 'Bad Request: no', [{ path: 'formats', message: 'no' }]);
    const body = form(part('options', '{"formats":1}'), part('file', 'text', { filename: 'a.txt' }));
    const failure = await failureOf(
      receiveUpload(
        HEADERS,
        body,
        { maxFileBytes: 1024 },
        {
          ...target,
          onOptions: () => {
            throw refusal;
          },
        },
      ),
    );
    expect(failure).toBe(refusal);
    expect(await storage.get(KEY)).toBeUndefined();
  });

  it.each([
    ['a missing file part', [part('options', '{}')], 'file'],
    ['a file sent as a plain field', [part('file', 'text')], 'file'],
    [
      'a file part without a filename',
      [part('file', 'text', { filename: '', type: 'application/octet-stream' })],
      'file',
    ],
    ['an unknown part', [part('document', 'text', { filename: 'a.txt' })], 'document'],
    ['options sent as a file', [part('options', '{}', { filename: 'options.json' })], 'options'],
    ['two files', [part('file', 'a', { filename: 'a.txt' }), part('file', 'b', { filename: 'b.txt' })], 'file'],
    ['an empty file', [part('file', '', { filename: 'a.txt' })], 'file'],
  ])('refuses %s with a 400 naming the part', async (_name, parts, expected) => {
    const failure = await failureOf(receiveUpload(HEADERS, form(...parts), { maxFileBytes: 1024 }, target));
    expect(failure.code).toBe(ErrorCode.BadRequest);
    expect(paths(failure)).toEqual([expected]);
  });

  it('refuses a body that is not multipart, or is cut short', async () => {
    const json = await failureOf(
      receiveUpload({ 'content-type': 'application/json' }, Readable.from(['{}']), { maxFileBytes: 1024 }, target),
    );
    expect(json.message).toMatch(/multipart\/form-data/);
    const cut = Readable.from([Buffer.from(part('file', 'half', { filename: 'a.txt' }).slice(0, -10))]);
    const truncated = await failureOf(receiveUpload(HEADERS, cut, { maxFileBytes: 1024 }, target));
    expect(truncated.code).toBe(ErrorCode.BadRequest);
    expect(truncated.message).toMatch(/malformed|Unexpected end/);
    expect(await storage.get(KEY)).toBeUndefined();
  });
});
