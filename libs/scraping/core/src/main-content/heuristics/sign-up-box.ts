import { visibleChars } from '../../dom/text-measure';
import type { TagAttributes } from '../../scan/html-scan';
import { EMAIL_FIELD, formFieldMark, TEXT_FIELD } from '../../strip/form-fields';

// A sign-up box is its form with a heading and a line of pitch around it: at most this much visible text besides the
// form's own. Paragraphs of content around a form are more.
const SIGN_UP_PITCH_MAX_CHARS = 200;
// A sign-up asks for the reader's name at most besides the address; a contact form asks for more (name, phone,
// company, subject).
const SIGN_UP_MAX_TEXT_FIELDS = 1;

/** The mark the pre-filter gives an `<input>` (strip/form-fields.ts), read from the DOM. */
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
  return (
    fields.includes(EMAIL_FIELD) && fields.filter((field) => field === TEXT_FIELD).length <= SIGN_UP_MAX_TEXT_FIELDS
  );
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
