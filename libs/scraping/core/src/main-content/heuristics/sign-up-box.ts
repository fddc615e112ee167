import { visibleChars } from '../content-region';
import type { TagAttributes } from '../../scan/html-scan';

// A sign-up box is its form with a heading and a line of pitch around it: at most this much visible text besides the
// form's own. Paragraphs of content around a form are more.
const SIGN_UP_PITCH_MAX_CHARS = 200;
// A sign-up asks for the reader's name at most besides the address; a contact form asks for more (name, phone,
// company, subject).
const SIGN_UP_MAX_TEXT_FIELDS = 1;
const EMAIL_WORD = /e-?mail/i;
// Input types a reader types words into; checkboxes, buttons and hidden fields say nothing of what a form asks for.
const TEXT_INPUT_TYPES = new Set(['', 'text', 'tel', 'number', 'url', 'search', 'password']);

// What the main-content pre-filter keeps of a form's fields, in place of the fields themselves: whether each asks for
// an email address or for other words. The rest of a field (name, placeholder, value) is of no use after this.
const EMAIL_FIELD: TagAttributes = Object.freeze({ type: 'email' });
const TEXT_FIELD: TagAttributes = Object.freeze({ type: 'text' });

/**
 * The attributes the pre-filter keeps an `<input>` with (see {@link removeSignUpBoxes}), or undefined for inputs that
 * go as before: hidden fields, buttons, checkboxes.
 */
export function formFieldMark(attributes: TagAttributes): TagAttributes | undefined {
  const type = (attributes.type ?? '').toLowerCase();
  if (type === 'email') return EMAIL_FIELD;
  if (!TEXT_INPUT_TYPES.has(type)) return undefined;
  const named = [attributes.name, attributes.id, attributes.placeholder].some((value) => value && EMAIL_WORD.test(value));
  return named ? EMAIL_FIELD : TEXT_FIELD;
}

function fieldOf(input: Element): TagAttributes | undefined {
  const attributes: Record<string, string> = {};
  for (const name of ['type', 'name', 'id', 'placeholder']) {
    const value = input.getAttribute(name);
    if (value !== null) attributes[name] = value;
  }
  return formFieldMark(attributes);
}

/**
 * Whether a form asks for an email address and little else a reader types: a sign-up, not a contact form. Its fields
 * are read the way the pre-filter marks them, so a page read without the pre-filter (the whole-page retry, included
 * tags) tells forms apart the same way, as far as its kept attributes allow.
 */
function isSignUpForm(form: Element): boolean {
  const fields = Array.from(form.getElementsByTagName('input'), fieldOf);
  return fields.includes(EMAIL_FIELD) && fields.filter((field) => field === TEXT_FIELD).length <= SIGN_UP_MAX_TEXT_FIELDS;
}

/**
 * Removes the boxes around forms that ask for an email address and at most a name: newsletter sign-ups, "get the
 * latest posts" and "join our list" boxes, with the heading and pitch around the form. Each box is the largest block
 * around its form with little text besides the form's.
 */
export function removeSignUpBoxes(root: Element): void {
  for (const form of Array.from(root.getElementsByTagName('form'))) {
    if (!root.contains(form) || !isSignUpForm(form)) continue;
    const limit = visibleChars(form) + SIGN_UP_PITCH_MAX_CHARS;
    let box: Element = form;
    while (box.parentElement && box.parentElement !== root && visibleChars(box.parentElement) <= limit) {
      box = box.parentElement;
    }
    if (box.getElementsByTagName('h1').length === 0) box.remove();
  }
}
