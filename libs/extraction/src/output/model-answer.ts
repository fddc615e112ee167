import { type AnswerPlan, restoreAnswer } from '../schema/strict-schema';
import type { UserSchema } from '../schema/user-schema';

/** A model's answer read against the caller's schema: the value, or why it cannot be used. */
export type AnswerReading = { ok: true; value: unknown } | { ok: false; problems: string[] };

/**
 * The JSON inside a model's text: reasoning blocks (`<think>...</think>`) and prose around a markdown code fence are
 * dropped, and the first fenced block is taken when there is one.
 */
export function stripFences(text: string): string {
  const withoutThinking = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const fenced = /```[a-zA-Z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```/.exec(withoutThinking);
  return (fenced ? fenced[1] : withoutThinking).trim();
}

/** Parses a model's text as JSON, looking past prose before the first `{`/`[` and after the last `}`/`]`. */
export function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  const stripped = stripFences(text);
  if (stripped.length === 0) return { ok: false, problem: 'the answer is empty' };
  try {
    return { ok: true, value: JSON.parse(stripped) as unknown };
  } catch (error) {
    const start = stripped.search(/[[{]/);
    const end = Math.max(stripped.lastIndexOf('}'), stripped.lastIndexOf(']'));
    if (start >= 0 && end > start) {
      try {
        return { ok: true, value: JSON.parse(stripped.slice(start, end + 1)) as unknown };
      } catch {
        // Fall through to the first parse error, which names the position in the whole answer.
      }
    }
    return { ok: false, problem: `the answer is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Reads a model's text as the caller's value: parsed, unwrapped and pruned per the plan, then validated. */
export function readAnswer(text: string, plan: AnswerPlan, user: UserSchema): AnswerReading {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  const value = restoreAnswer(parsed.value, plan, user.schema);
  const problems = user.problems(value);
  return problems.length === 0 ? { ok: true, value } : { ok: false, problems };
}
