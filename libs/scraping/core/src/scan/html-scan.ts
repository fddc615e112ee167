import { Parser } from 'htmlparser2';

/** Decoded attributes of a start tag; names are lower-cased, the first of a repeated name wins. */
export type TagAttributes = Readonly<Record<string, string>>;

/** The source text of the event being reported, for visitors that copy markup instead of re-serialising it. */
export interface SourceToken {
  raw(): string;
}

/**
 * One consumer of a streaming pass. Tags arrive as htmlparser2 structures them: `implied` marks a start or end tag
 * that is not in the source (an unclosed `<p>` closed by a `<div>`, an end tag for a void element).
 */
export interface HtmlVisitor {
  openTag?(name: string, attributes: TagAttributes, implied: boolean, token: SourceToken): void;
  text?(text: string, token: SourceToken): void;
  closeTag?(name: string, implied: boolean, token: SourceToken): void;
  /** A comment, `data` being its text between `<!--` and `-->`. */
  comment?(data: string): void;
}

// htmlparser2 reads "<![CDATA[" in HTML as a comment that runs to the next "]]>", so a stray one swallows the rest of
// the page. Browsers, by the HTML standard, end it at the first ">" as a bogus comment; htmlparser2 does the same with
// a "<!" declaration, which is what dropping the bracket makes of it.
const CDATA_START = /<!\[CDATA\[/g;

function withoutCdataSections(html: string): string {
  return html.includes('<![CDATA[') ? html.replace(CDATA_START, '<!CDATA[') : html;
}

/**
 * Runs one htmlparser2 pass over `source` and fans every event out to all visitors, so metadata, links, images and
 * cleaning share a single tokenisation instead of paying for one each.
 */
export function scanHtml(source: string, visitors: readonly HtmlVisitor[]): void {
  const html = withoutCdataSections(source);
  const openers = visitors.filter((visitor) => visitor.openTag);
  const texts = visitors.filter((visitor) => visitor.text);
  const closers = visitors.filter((visitor) => visitor.closeTag);
  const commenters = visitors.filter((visitor) => visitor.comment);
  const parser: Parser = new Parser({
    onopentag(name, attributes, implied) {
      for (const visitor of openers) visitor.openTag?.(name, attributes, implied, token);
    },
    ontext(text) {
      for (const visitor of texts) visitor.text?.(text, token);
    },
    onclosetag(name, implied) {
      for (const visitor of closers) visitor.closeTag?.(name, implied, token);
    },
    oncomment(data) {
      for (const visitor of commenters) visitor.comment?.(data);
    },
  });
  const token: SourceToken = { raw: () => html.slice(parser.startIndex, parser.endIndex + 1) };
  parser.end(html);
}
