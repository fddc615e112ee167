import { type ConvertRequest, type ConvertResult, convertHtml } from '@wh/scraping/core';

/** The in-process path's conversion thread: what the scrape-worker's conversion threads run, without the service. */
export default function convert(request: ConvertRequest): ConvertResult {
  return convertHtml(request);
}
