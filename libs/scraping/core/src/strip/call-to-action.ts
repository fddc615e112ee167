import type { TagAttributes } from '../scan/html-scan';

// Whole words of a class that draw a link as a button: "btn", "button-primary", "hero__cta".
const BUTTON_CLASS_WORD = /(?:^|[\s_-])(?:btn|button|cta)(?:$|[\s_-])/i;

/**
 * Whether an element is a link drawn as a button ("Get started", "Sign up", "Request a quote"): it asks the reader to
 * act rather than to read, and is the page's furniture even where it stands inside the content.
 */
export function isCallToAction(name: string, attributes: TagAttributes): boolean {
  return name === 'a' && (attributes.role === 'button' || BUTTON_CLASS_WORD.test(attributes.class ?? ''));
}
