import { type ConvertRequest, type ConvertResult, convertHtml } from '@wh/scraping/core';

/** Runs in a worker thread so parsing never blocks the event loop that serves NATS. */
export default function convert(request: ConvertRequest): ConvertResult {
  return convertHtml(request);
}
