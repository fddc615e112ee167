import { compileUserSchema, extractWithoutLlm } from '@wh/extraction';
import { convertHtml } from '@wh/scraping/core';
import type { ExtractCase, Split } from './fixtures';
import { type FieldScore, scoreFields } from './score';

/** What the deterministic extractor made of one page. */
export interface CaseResult {
  id: string;
  kind: ExtractCase['kind'];
  split: Split;
  fields: FieldScore[];
  /** Problems of the value against the case's own schema (none when it validates). */
  schemaProblems: string[];
}

/** Fields right and answers invalid over a group of pages. */
export interface AccuracySummary {
  pages: number;
  fields: number;
  right: number;
  invalid: number;
}

/**
 * Runs the deterministic extractor on one page the way extract-service does without an LLM: the scrape pipeline's
 * markdown of the whole page next to the raw HTML, the caller's schema compiled as a request would.
 */
export function runCase(page: ExtractCase): CaseResult {
  const { markdown = '' } = convertHtml({
    html: page.html,
    url: page.url,
    formats: ['markdown'],
    onlyMainContent: false,
    includeTags: [],
    excludeTags: [],
    removeBase64Images: false,
  }).outputs;
  const schema = compileUserSchema(page.schema);
  const { value } = extractWithoutLlm({ url: page.url, markdown, html: page.html, schema });
  return {
    id: page.id,
    kind: page.kind,
    split: page.split,
    fields: scoreFields(page.expected, value),
    schemaProblems: schema.problems(value),
  };
}

export function summarise(results: readonly CaseResult[]): AccuracySummary {
  return {
    pages: results.length,
    fields: results.reduce((sum, result) => sum + result.fields.length, 0),
    right: results.reduce((sum, result) => sum + result.fields.filter((field) => field.right).length, 0),
    invalid: results.filter((result) => result.schemaProblems.length > 0).length,
  };
}
