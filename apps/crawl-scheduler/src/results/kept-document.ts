import type { ScrapeDocument, ScrapeJobFinishedEvent } from '@wh/contracts';

/** A scraped page's document as the scheduler keeps it: the JSON text it stores, and the URL it was read from. */
export interface KeptDocument {
  json: string;
  url: string;
}

/**
 * The document of a completed result. A worker sends it as JSON text with the page's URL beside it, which is all the
 * scheduler reads: the text is stored and spliced into status pages and webhooks as it came, never parsed here. A
 * result sent as an object (a worker that predates `pageUrl`) is serialised once.
 */
export function keptDocumentOf(event: ScrapeJobFinishedEvent): KeptDocument | undefined {
  if (event.status !== 'completed') return undefined;
  if (event.documentJson !== undefined) {
    // The text goes into JSON replies unparsed: what is not an object there would break every page that holds it.
    if (!looksLikeObject(event.documentJson)) return undefined;
    const url = event.pageUrl ?? urlInText(event.documentJson);
    return url === undefined ? undefined : { json: event.documentJson, url };
  }
  const url = event.document && urlOf(event.document);
  return event.document && url !== undefined ? { json: JSON.stringify(event.document), url } : undefined;
}

function looksLikeObject(json: string): boolean {
  return json.startsWith('{') && json.trimEnd().endsWith('}');
}

/** The URL of a document sent as text without `pageUrl`; text that is not JSON has none, and its page fails. */
function urlInText(json: string): string | undefined {
  try {
    return urlOf(JSON.parse(json) as ScrapeDocument);
  } catch {
    return undefined;
  }
}

function urlOf(document: ScrapeDocument): string | undefined {
  const url: unknown = document.metadata?.url;
  return typeof url === 'string' ? url : undefined;
}
