import {
  CHANGE_TRACKING_MODES,
  type ChangeTrackingMode,
  type ChangeTrackingOptions,
  type FormatEntry,
  MAX_CHANGE_TRACKING_TAG_CHARS,
  MAX_EXTRACTION_PROMPT_CHARS,
} from '@wh/contracts';
import { compileUserSchema, InvalidSchemaError } from '@wh/extraction';
import type { FieldProblem } from './action-rules';

const PATH = 'formats.changeTracking';

function modesOf(modes: unknown, problems: FieldProblem[]): ChangeTrackingMode[] {
  if (modes === undefined) return [];
  const known = CHANGE_TRACKING_MODES as readonly unknown[];
  if (!Array.isArray(modes) || !modes.every((mode) => known.includes(mode))) {
    problems.push({ path: `${PATH}.modes`, message: `modes must be a list of ${CHANGE_TRACKING_MODES.join(', ')}` });
    return [];
  }
  return [...new Set(modes as ChangeTrackingMode[])];
}

function checkSchema(schema: unknown, problems: FieldProblem[]): void {
  try {
    compileUserSchema(schema);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    for (const problem of error.problems)
      problems.push({ path: `${PATH}.schema`, message: `${PATH}.schema is not a usable JSON schema: ${problem}` });
  }
}

/**
 * The `changeTracking` format: it compares the page's markdown, so it is refused without the `markdown` format;
 * a schema or prompt only means something to json mode. Without modes the answer is the status alone.
 */
export function changeTrackingFormat(
  entry: FormatEntry,
  requested: readonly string[],
  problems: FieldProblem[],
): ChangeTrackingOptions {
  if (!requested.includes('markdown')) {
    problems.push({
      path: 'formats',
      message: 'the changeTracking format compares markdown: add "markdown" to formats',
    });
  }
  if (typeof entry === 'string') return { modes: [], tag: '' };
  const { type: _type, modes, schema, prompt, tag, ...unknown } = entry;
  for (const field of Object.keys(unknown))
    problems.push({ path: `${PATH}.${field}`, message: `${field} is not a changeTracking format option` });
  const resolvedModes = modesOf(modes, problems);
  if (tag !== undefined && tag !== null && (typeof tag !== 'string' || tag.length > MAX_CHANGE_TRACKING_TAG_CHARS))
    problems.push({
      path: `${PATH}.tag`,
      message: `tag must be a string of at most ${MAX_CHANGE_TRACKING_TAG_CHARS} characters`,
    });
  if (prompt !== undefined && (typeof prompt !== 'string' || prompt.length > MAX_EXTRACTION_PROMPT_CHARS))
    problems.push({
      path: `${PATH}.prompt`,
      message: `prompt must be a string of at most ${MAX_EXTRACTION_PROMPT_CHARS} characters`,
    });
  if (schema !== undefined) checkSchema(schema, problems);
  if ((schema !== undefined || prompt !== undefined) && !resolvedModes.includes('json'))
    problems.push({ path: `${PATH}.modes`, message: 'a changeTracking schema or prompt needs the "json" mode' });
  return {
    modes: resolvedModes,
    tag: typeof tag === 'string' ? tag : '',
    ...(schema !== undefined ? { schema: schema as Record<string, unknown> } : {}),
    ...(typeof prompt === 'string' && prompt !== '' ? { prompt } : {}),
  };
}
