import { ErrorCode, GENERATED_CRAWL_OPTION_NAMES, type GeneratedCrawlOptions } from '@wh/contracts';
import { compileUserSchema, planAnswer, readAnswer } from '@wh/extraction';
import { DomainError } from '@wh/platform/errors';
import type { Reading } from '../extraction/model-asker';
import { CRAWL_OPTIONS_SCHEMA } from './crawl-options.schema';

const OPTIONS_SCHEMA = compileUserSchema(CRAWL_OPTIONS_SCHEMA);
/** What the model is sent: the options schema in the strict subset (absent options as nulls). */
export const CRAWL_OPTIONS_PLAN = planAnswer(OPTIONS_SCHEMA.schema);

const PATTERN_FIELDS = ['includePaths', 'excludePaths'] as const;

/** Why a pattern is no regular expression, as the crawl API would refuse it from a caller; undefined when it is one. */
function patternError(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function patternProblems(options: GeneratedCrawlOptions): string[] {
  return PATTERN_FIELDS.flatMap((field) =>
    (options[field] ?? []).flatMap((pattern, index) => {
      const error = patternError(pattern);
      return error ? [`${field}/${index}: ${JSON.stringify(pattern)} is not a valid regular expression: ${error}`] : [];
    }),
  );
}

/**
 * Reads the model's text as crawl options: parsed, nulls of absent options removed, checked against the options
 * schema. With `patternsMustCompile`, a path pattern that does not compile is a problem too, so the first answer
 * goes back to the model with the compiler's message; the repaired answer is taken with such patterns left for
 * {@link keepUsableOptions} to drop.
 */
export function readGeneratedOptions(text: string, patternsMustCompile: boolean): Reading<GeneratedCrawlOptions> {
  const reading = readAnswer(text, CRAWL_OPTIONS_PLAN, OPTIONS_SCHEMA);
  if (!reading.ok) return reading;
  const options = reading.value as GeneratedCrawlOptions;
  const problems = patternsMustCompile ? patternProblems(options) : [];
  return problems.length === 0 ? { ok: true, value: options } : { ok: false, problems };
}

/** A cached answer, if it still fits the options schema. */
export function reviveGeneratedOptions(answer: unknown): GeneratedCrawlOptions | undefined {
  return OPTIONS_SCHEMA.problems(answer).length === 0 ? (answer as GeneratedCrawlOptions) : undefined;
}

/**
 * The options as a caller could have sent them: patterns that do not compile are dropped, each named in a warning,
 * and empty lists left out (they mean the default). When every include pattern is dropped the whole answer is an
 * error: without them the crawl would take every path, far more than the prompt asked for.
 */
export function keepUsableOptions(options: GeneratedCrawlOptions): {
  options: GeneratedCrawlOptions;
  warnings: string[];
} {
  const warnings: string[] = [];
  const kept: Partial<Record<keyof GeneratedCrawlOptions, unknown>> = {};
  for (const name of GENERATED_CRAWL_OPTION_NAMES) {
    const value = options[name];
    if (value === undefined || value === null) continue;
    if (name === 'includePaths' || name === 'excludePaths') {
      const patterns = value as string[];
      const usable = patterns.filter((pattern) => {
        const error = patternError(pattern);
        if (error)
          warnings.push(`${name}: dropped ${JSON.stringify(pattern)}, not a valid regular expression (${error})`);
        return !error;
      });
      if (name === 'includePaths' && patterns.length > 0 && usable.length === 0) {
        throw new DomainError(
          ErrorCode.LlmOutputInvalid,
          `none of the include paths the model wrote for the prompt is a valid regular expression (${patterns.map((pattern) => JSON.stringify(pattern)).join(', ')}); rephrase the prompt or give includePaths yourself`,
          { task: 'crawl-options', problems: patternProblems(options) },
        );
      }
      if (usable.length > 0) kept[name] = usable;
      continue;
    }
    kept[name] = value;
  }
  return { options: kept as GeneratedCrawlOptions, warnings };
}
