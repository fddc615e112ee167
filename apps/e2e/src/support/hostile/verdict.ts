import type { RawAnswer } from './raw-request';
import type { HostileCase } from './hostile-cases';

/**
 * Words that only our own failures put in a body: error class names, stack frames, file paths, library and peer
 * names, errno codes. A refusal names the caller's field and says what is wrong with it, nothing more.
 */
const INTERNAL_TEXT = [
  /\b(TypeError|RangeError|ReferenceError|SyntaxError|EvalError|DatabaseError|NatsError)\b/,
  /Maximum call stack/i,
  /\n\s+at |\bat \S+ \([^)]*:\d+:\d+\)/,
  /node_modules|\/dist\/|\/src\/|\.[jt]s:\d+/,
  /\b(class-transformer|class-validator|kysely|busboy|body-parser)\b/i,
  /\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)\b/,
  /invalid byte sequence|unsupported Unicode escape|invalid input syntax/i,
];

/** What is wrong with the answer to a hostile request, or undefined when it is the refusal it should be. */
export function faultOf(hostile: HostileCase, answer: RawAnswer): string | undefined {
  if (answer.kind === 'hung') return `no answer within ${answer.elapsedMs} ms`;
  if (answer.kind === 'dropped') return `connection dropped without an answer: ${answer.reason}`;
  const snippet = answer.body.slice(0, 300);
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status}: ${snippet}`;
  if (hostile.statuses && !hostile.statuses.includes(answer.status)) {
    return `status ${answer.status}, expected ${hostile.statuses.join(' or ')}: ${snippet}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `status ${answer.status} with a body that is not JSON: ${JSON.stringify(snippet)}`;
  }
  const { success, error } = (body ?? {}) as { success?: unknown; error?: unknown };
  if (success !== false || typeof error !== 'string' || error.trim() === '') {
    return `status ${answer.status} without a Firecrawl error body: ${snippet}`;
  }
  const leak = INTERNAL_TEXT.find((pattern) => pattern.test(answer.body));
  if (leak) return `internal text (${leak.source}) in the body: ${snippet}`;
  return undefined;
}
