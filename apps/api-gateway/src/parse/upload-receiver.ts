import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, type Readable, Transform } from 'node:stream';
import busboy from 'busboy';
import { ErrorCode } from '@wh/contracts';
import { DomainError, toDomainError } from '@wh/platform/errors';
import type { ObjectStorage } from '@wh/platform/storage';

/** The form's two parts, as the official SDK names them. */
export const FILE_PART = 'file';
export const OPTIONS_PART = 'options';

/** Room in a request body for the options part and the multipart framing, on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

export interface UploadLimits {
  /** Largest file accepted; one byte more is a 413. */
  maxFileBytes: number;
}

/** Where the file goes and what happens to the options part as soon as it is read. */
export interface UploadTarget {
  storage: ObjectStorage;
  key: string;
  expiresAt: number;
  /**
   * Called with the options part's text when it arrives (the SDK sends it before the file). Throwing refuses the
   * upload at once, before the file is read.
   */
  onOptions(text: string): void;
}

export interface ReceivedFile {
  filename: string;
  /** The part's Content-Type; absent when the client sent none. */
  declaredContentType?: string;
  size: number;
}

function badRequest(path: string, message: string): DomainError {
  return new DomainError(ErrorCode.BadRequest, `Bad Request: ${message}`, [{ path, message }]);
}

function tooLarge(maxFileBytes: number): DomainError {
  return new DomainError(ErrorCode.PayloadTooLarge, `The file is larger than the ${maxFileBytes} bytes allowed`, {
    maxFileBytes,
  });
}

const USAGE = "send multipart/form-data with a 'file' part and an optional 'options' part holding JSON";

/**
 * Reads a `multipart/form-data` upload as it arrives: the options part is handed over as soon as it is read, the
 * file part streams into the object store, counted on the way. The first problem (a wrong part, options refused,
 * the size limit) ends the reading at once; the body is not read to its end first. Nothing is left in the store when
 * the upload fails.
 */
export function receiveUpload(
  headers: IncomingHttpHeaders,
  body: Readable,
  limits: UploadLimits,
  target: UploadTarget,
): Promise<ReceivedFile> {
  const contentType = headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return Promise.reject(badRequest('file', `the body is ${contentType || 'untyped'}: ${USAGE}`));
  }
  const declaredLength = Number(headers['content-length']);
  if (Number.isFinite(declaredLength) && declaredLength > limits.maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
    return Promise.reject(tooLarge(limits.maxFileBytes));
  }

  return new Promise<ReceivedFile>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers,
        limits: { files: 1, fields: 1, fileSize: limits.maxFileBytes, fieldSize: MULTIPART_OVERHEAD_BYTES },
      });
    } catch (error) {
      reject(badRequest('file', `${(error as Error).message}: ${USAGE}`));
      return;
    }
    let settled = false;
    let file: ReceivedFile | undefined;
    let stored: Promise<void> | undefined;

    const fail = (error: DomainError): void => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      // Torn down after the parser's current event: destroying it from inside its own handler breaks its state.
      setImmediate(() => {
        parser.destroy();
        // A half-stored file is removed by putStream once its source fails (destroying the parser fails it); the
        // caller deletes a whole one.
        void (stored ?? Promise.resolve()).catch(() => undefined).then(() => reject(error));
      });
    };

    parser.on('field', (name, value, info) => {
      if (name === FILE_PART) return fail(badRequest(FILE_PART, "'file' must be a file part, with a filename"));
      if (name !== OPTIONS_PART) return fail(badRequest(name, `unknown part '${name}': ${USAGE}`));
      if (info.valueTruncated) return fail(badRequest(OPTIONS_PART, 'the options part is too large'));
      try {
        target.onOptions(value);
      } catch (error) {
        // Anything but a refusal is our own failure: an internal error, whose words the answer leaves out.
        fail(toDomainError(error));
      }
    });

    parser.on('file', (name, stream, info) => {
      // A file stream fails when the parser is torn down; the reason that matters is the one fail() was given.
      stream.on('error', () => undefined);
      if (settled) return void stream.resume();
      if (name !== FILE_PART) {
        stream.resume();
        const message = name === OPTIONS_PART ? "'options' must be a form field holding JSON, not a file" : '';
        return fail(badRequest(name, message || `unknown part '${name}': ${USAGE}`));
      }
      const filename = (info.filename ?? '').trim();
      if (!filename) {
        stream.resume();
        return fail(badRequest(FILE_PART, "the 'file' part needs a filename"));
      }
      // Only a hint: a part without a Content-Type is reported as text/plain, and the worker reads the bytes first.
      file = { filename, ...(info.mimeType ? { declaredContentType: info.mimeType } : {}), size: 0 };
      const received = file;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received.size += chunk.length;
          done(null, chunk);
        },
      });
      // pipeline, unlike pipe, passes the file stream's failure on, so the store sees the upload fail.
      pipeline(stream, counted, () => undefined);
      stream.on('limit', () => {
        stream.destroy(tooLarge(limits.maxFileBytes));
        fail(tooLarge(limits.maxFileBytes));
      });
      stored = target.storage.putStream(target.key, counted, {
        contentType: received.declaredContentType ?? 'application/octet-stream',
        expiresAt: target.expiresAt,
      });
      // After another failure this is that failure's echo, and fail() has already settled.
      stored.catch(() => fail(new DomainError(ErrorCode.ServiceUnavailable, 'The upload could not be stored')));
    });

    parser.on('filesLimit', () => fail(badRequest(FILE_PART, 'send one file per request')));
    parser.on('fieldsLimit', () => fail(badRequest(OPTIONS_PART, `too many fields: ${USAGE}`)));
    parser.on('error', (error) => fail(badRequest(FILE_PART, `the multipart body is malformed (${error.message})`)));
    parser.on('close', () => {
      if (settled) return;
      if (!file || !stored) return fail(badRequest(FILE_PART, `the 'file' part is missing: ${USAGE}`));
      const received = file;
      stored.then(
        () => {
          if (received.size === 0) return fail(badRequest(FILE_PART, 'the file is empty'));
          if (settled) return;
          settled = true;
          resolve(received);
        },
        () => undefined,
      );
    });
    // A client that goes away mid-upload ends the body without its end: nothing else would settle the promise.
    let bodyEnded = false;
    body.on('end', () => {
      bodyEnded = true;
    });
    body.on('close', () => {
      if (!bodyEnded) fail(badRequest(FILE_PART, 'the upload was interrupted'));
    });
    body.on('error', () => fail(badRequest(FILE_PART, 'the upload was interrupted')));
    body.pipe(parser);
  });
}
