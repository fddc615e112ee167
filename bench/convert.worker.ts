import { type ConvertRequest, type ConvertResult, convertHtml } from '@wh/scraping/core';

/** The scrape-worker's conversion step, in a worker thread of a benchmark's in-process baseline. */
export default function convert(request: ConvertRequest): ConvertResult {
  return convertHtml(request);
}
