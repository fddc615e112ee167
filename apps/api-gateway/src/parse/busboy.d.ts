// busboy ships no types; these are the parts of its 1.x API the parse upload uses.
declare module 'busboy' {
  import type { IncomingHttpHeaders } from 'node:http';
  import type { Readable, Writable } from 'node:stream';

  namespace busboy {
    interface Limits {
      fieldNameSize?: number;
      fieldSize?: number;
      fields?: number;
      fileSize?: number;
      files?: number;
      parts?: number;
      headerPairs?: number;
    }

    interface Config {
      headers: IncomingHttpHeaders;
      limits?: Limits;
    }

    interface FileInfo {
      filename: string | undefined;
      encoding: string;
      mimeType: string;
    }

    interface FieldInfo {
      nameTruncated: boolean;
      valueTruncated: boolean;
      encoding: string;
      mimeType: string;
    }

    /** A file part's body; emits `limit` when it passes `limits.fileSize` (the rest is cut off). */
    type FileStream = Readable & { truncated: boolean };

    interface Busboy extends Writable {
      on(event: 'file', listener: (name: string, stream: FileStream, info: FileInfo) => void): this;
      on(event: 'field', listener: (name: string, value: string, info: FieldInfo) => void): this;
      on(event: 'partsLimit' | 'filesLimit' | 'fieldsLimit' | 'close', listener: () => void): this;
      on(event: 'error', listener: (error: Error) => void): this;
    }
  }

  function busboy(config: busboy.Config): busboy.Busboy;
  export = busboy;
}
