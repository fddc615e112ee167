import { STATUS_CODES } from 'node:http';
import {
  type DiscoveryScope,
  ErrorCode,
  type PageMetadata,
  type ResolvedScrapeOptions,
  type ScrapeDocument,
} from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import type { ConvertRequest, ConvertResult, PageFacts } from '@wh/scraping/core';
import type { FetchedResponse } from '../fetch';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

function isTextual(contentType: string): boolean {
  return (
    contentType.startsWith('text/') ||
    contentType === 'application/json' ||
    contentType.endsWith('+json') ||
    contentType === 'application/xml' ||
    contentType.endsWith('+xml')
  );
}

/** Whether the body should go through the HTML pipeline (servers often omit or mislabel the type). */
export function looksLikeHtml(response: FetchedResponse): boolean {
  if (HTML_TYPES.has(response.contentType)) return true;
  if (response.contentType && response.contentType !== 'text/plain') return false;
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(response.text?.slice(0, 512) ?? '');
}

/** Metadata every document has, whatever its type: where it came from and how the site answered. */
export function responseMetadata(requestedUrl: string, response: FetchedResponse): PageMetadata {
  return {
    sourceURL: requestedUrl,
    url: response.url,
    statusCode: response.statusCode,
    contentType: response.contentType || undefined,
    ...(response.statusCode >= 400 ? { error: STATUS_CODES[response.statusCode] ?? 'HTTP error' } : {}),
  };
}

export type Converter = (request: ConvertRequest) => Promise<ConvertResult>;

/** The document of a response, and what the conversion read about the page besides (HTML only). */
export interface BuiltDocument extends PageFacts {
  document: ScrapeDocument;
}

/** Turns a fetched response into the document of the requested formats. */
export async function buildDocument(
  requestedUrl: string,
  response: FetchedResponse,
  options: ResolvedScrapeOptions,
  convert: Converter,
  discoveryScope?: DiscoveryScope,
): Promise<BuiltDocument> {
  const baseMetadata = responseMetadata(requestedUrl, response);
  if (response.text !== undefined && looksLikeHtml(response)) {
    const converted = await convert({
      html: response.text,
      url: response.url,
      formats: options.formats,
      onlyMainContent: options.onlyMainContent,
      includeTags: options.includeTags,
      excludeTags: options.excludeTags,
      removeBase64Images: options.removeBase64Images,
      ...(discoveryScope ? { linkScope: discoveryScope } : {}),
    });
    const { metadata, ...outputs } = converted.outputs;
    return { document: { ...outputs, metadata: { ...metadata, ...baseMetadata } }, ...converted.page };
  }
  if (response.text !== undefined && isTextual(response.contentType)) {
    return { document: textDocument(response.text, options, baseMetadata), unrendered: false };
  }
  throw new DomainError(
    ErrorCode.ScrapeUnsupportedFile,
    `content type ${response.contentType || 'unknown'} cannot be turned into the requested formats`,
  );
}

/** Plain text, JSON and XML come back as they are: there is no markup to convert. */
function textDocument(text: string, options: ResolvedScrapeOptions, metadata: PageMetadata): ScrapeDocument {
  const document: ScrapeDocument = { metadata };
  for (const format of options.formats) {
    if (format === 'links' || format === 'images') document[format] = [];
    else document[format] = text;
  }
  return document;
}
