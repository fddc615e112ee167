import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { Parser } from 'htmlparser2';

/** The sitemap protocol's ceiling for one file, uncompressed; a gzip bomb is cut off here. */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;

/** Bytes handed to the parser at a time, so a stop (limit reached, file too large) takes effect quickly. */
const PARSE_SLICE_BYTES = 64 * 1024;

export interface SitemapVisitor {
  /** A page URL of a `<urlset>`; returning false stops the reading (enough URLs are known). */
  page(url: string): boolean;
  /** A child sitemap of a `<sitemapindex>`. */
  child(url: string): void;
}

export interface SitemapDocumentOutcome {
  kind: 'urlset' | 'index' | 'other';
  /** Why the document was refused or read only in part; absent when it was read whole or stopped by the visitor. */
  problem?: string;
}

/**
 * Reads one sitemap or sitemap index as a stream, gunzipping on the fly, and hands each `<loc>` to the visitor as
 * soon as it is parsed: the document is never held whole, decompressed or parsed. A document declaring entities (the
 * billion-laughs shape) is refused, and one growing past {@link MAX_SITEMAP_BYTES} once decompressed is cut off there.
 */
export async function readSitemapDocument(body: Buffer, visitor: SitemapVisitor): Promise<SitemapDocumentOutcome> {
  const reader = new SitemapParser(visitor);
  const source = isGzip(body) ? createGunzip() : undefined;
  if (!source) {
    reader.feed(body);
    return reader.finish();
  }
  return new Promise((resolve) => {
    const stop = (): void => {
      source.removeAllListeners('data');
      source.destroy();
      resolve(reader.finish());
    };
    source.on('data', (chunk: Buffer) => {
      if (!reader.feed(chunk)) stop();
    });
    source.on('end', () => resolve(reader.finish()));
    source.on('error', (error: Error) => {
      reader.fail(`is not valid gzip (${error.message})`);
      stop();
    });
    source.end(body);
  });
}

function isGzip(body: Buffer): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

/** Tracks where the parser stands: only a `<loc>` directly inside `<url>` or `<sitemap>` names a page or a child. */
class SitemapParser {
  private kind: SitemapDocumentOutcome['kind'] | undefined;
  private readonly open: string[] = [];
  private location: string | undefined;
  private problem: string | undefined;
  private stopped = false;
  private bytes = 0;
  // Slices and gzip chunks can end inside a multi-byte character.
  private readonly decoder = new StringDecoder('utf8');
  private readonly parser: Parser;

  constructor(private readonly visitor: SitemapVisitor) {
    this.parser = new Parser(
      {
        onprocessinginstruction: (name, data) => {
          const declaration = name.toLowerCase();
          if (declaration === '!entity' || (declaration === '!doctype' && data.includes('['))) {
            this.fail('declares XML entities, which sitemaps never need (refused)');
          }
        },
        onopentag: (name) => {
          const tag = localName(name);
          if (this.kind === undefined)
            this.kind = tag === 'urlset' ? 'urlset' : tag === 'sitemapindex' ? 'index' : 'other';
          if (tag === 'loc' && this.open.length === 2 && (this.open[1] === 'url' || this.open[1] === 'sitemap')) {
            this.location = '';
          }
          this.open.push(tag);
        },
        ontext: (text) => {
          if (this.location !== undefined) this.location += text;
        },
        onclosetag: () => {
          this.open.pop();
          if (this.location === undefined) return;
          const url = this.location.trim();
          this.location = undefined;
          if (!url || this.stopped) return;
          if (this.kind === 'index') this.visitor.child(url);
          else if (this.kind === 'urlset' && !this.visitor.page(url)) this.stopped = true;
        },
      },
      { xmlMode: true },
    );
  }

  /** Parses the next bytes; false once nothing more should be read. */
  feed(chunk: Buffer): boolean {
    for (let offset = 0; offset < chunk.length && !this.stopped; offset += PARSE_SLICE_BYTES) {
      const slice = chunk.subarray(offset, Math.min(chunk.length, offset + PARSE_SLICE_BYTES));
      this.bytes += slice.length;
      if (this.bytes > MAX_SITEMAP_BYTES) {
        this.fail(`is larger than ${MAX_SITEMAP_BYTES / 1024 / 1024} MB uncompressed (cut off)`);
        break;
      }
      this.parser.write(this.decoder.write(slice));
      if (this.kind === 'other') this.stopped = true;
    }
    return !this.stopped;
  }

  fail(problem: string): void {
    this.problem ??= problem;
    this.stopped = true;
  }

  finish(): SitemapDocumentOutcome {
    if (!this.stopped) this.parser.end(this.decoder.end());
    return { kind: this.kind ?? 'other', ...(this.problem ? { problem: this.problem } : {}) };
  }
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon === -1 ? name : name.slice(colon + 1)).toLowerCase();
}
