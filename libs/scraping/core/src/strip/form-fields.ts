import type { TagAttributes } from '../scan/html-scan';

const EMAIL_WORD = /e-?mail/i;
// Input types a reader types words into; checkboxes, buttons and hidden fields say nothing of what a form asks for.
const TEXT_INPUT_TYPES = new Set(['', 'text', 'tel', 'number', 'url', 'search', 'password']);

// What the main-content pre-filter keeps of a form's fields, in place of the fields themselves: whether each asks for
// an email address or for other words. The rest of a field (name, placeholder, value) is of no use after this.
/** The mark of a field asking for an email address. */
export const EMAIL_FIELD: TagAttributes = Object.freeze({ type: 'email' });
/** The mark of a field asking for other words. */
export const TEXT_FIELD: TagAttributes = Object.freeze({ type: 'text' });

/**
 * The attributes the pre-filter keeps an `<input>` with, or undefined for inputs that go as before: hidden fields,
 * buttons, checkboxes. The main content tells sign-up forms from contact forms by these marks
 * (main-content/heuristics/sign-up-box.ts).
 */
export function formFieldMark(attributes: TagAttributes): TagAttributes | undefined {
  const type = (attributes.type ?? '').toLowerCase();
  if (type === 'email') return EMAIL_FIELD;
  if (!TEXT_INPUT_TYPES.has(type)) return undefined;
  const named = [attributes.name, attributes.id, attributes.placeholder].some(
    (value) => value && EMAIL_WORD.test(value),
  );
  return named ? EMAIL_FIELD : TEXT_FIELD;
}
