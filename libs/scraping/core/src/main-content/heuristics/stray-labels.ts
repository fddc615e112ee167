import { elementsSaying, foldedText } from '../../dom/dom-walk';

// Labels of what the page as fetched does not hold: the line publishers print over an ad slot ("Advertisement",
// "Advertisement - Page continues below", "Story continues below advertisement", "Skip advertisement") whose ad never
// loads without scripts, the captions of controls whose behaviour went with the scripts ("Expand description", "Show
// more", "Close", "Loading...", NPR's "toggle caption", Medium's "Press enter or click to view image in full size"),
// the placeholders a script fills in ("Loading paragraph...", "Loading prices for your region…"), the filler of a
// template block nobody filled in ("Lorem ipsum dolor sit amet, ...", which the site's styles usually hide), and the
// buttons that scroll back to the page's top ("Back to top", "↑ Back to Top", "RETURN TO TOP OF PAGE"), drawn by
// scripts or linked to an anchor.
const STRAY_LABEL = new RegExp(
  '^(?:' +
    [
      'advertisements?(?:\\s*[-–—:]\\s*(?:continue reading|(?:page|article|story|content) continues) below|\\.? scroll to continue(?: reading| with content)?\\.?)?',
      '(?:article|story|page|content) continues (?:below|after)(?: (?:this |the )?(?:advertisement|ad))?',
      'skip advertisement',
      'expand (?:all|description|section)',
      'collapse(?: all)?',
      'close(?: form| menu| dialog)?',
      'show (?:more|less)',
      'view (?:more|less)',
      'read less',
      'open table of contents(?: panel)?\\.?',
      'toggle (?:navigation|menu|caption)',
      'press enter or click to view image in full size',
      'loading\\.*',
      'loading [\\w-]+(?: [\\w-]+){0,3}(?:\\.{3}|…)',
      'lorem ipsum\\b.*',
      '(?:[↑⬆^<]\\s*)?(?:back|return|scroll|go) (?:back )?to (?:the )?top(?: of (?:the )?page)?(?:\\s*[↑⬆^])?',
    ].join('|') +
    ')$',
  'i',
);
// Captions of controls that lead elsewhere or to forms of the site's own: a listing's ("Sort by", "Filters", "Results
// per page", "Showing 24 of 291 results", "Page 1 of 8"), whose pickers went with the forms; a thread's ("Reply with
// quote", "Report inappropriate content", "Watch this topic"); a teaser's link ("Read more »", "Read full article",
// "Continue reading") or its "Sponsored" tag, where the teaser's own title and text say what it leads to. A caption
// starts with a capital: the same words in lower case are a sentence's ("combined with structured filters"). A bare
// count ("400 Products") stays, as it says what the listing holds, and so does "Learn more", which shops and services
// print beside what they offer and their pages' truths keep.
const CONTROL_CAPTION = new RegExp(
  '^(?:' +
    [
      'sort(?: by| (?:and|&) filter)?:?',
      'filters:?',
      'results per page:?',
      'showing \\d[\\d,]* ?(?:of|-|–|to) ?\\d[\\d,]*(?: results| items| products)?',
      'page \\d+ of \\d+',
      'reply(?: with quote| to this (?:topic|thread))?',
      'post reply',
      'multi-?quote',
      'quote',
      'report(?: post| abuse| inappropriate content)?',
      'watch this (?:topic|thread)',
      'start (?:a )?new (?:topic|thread)',
      '(?:read|see) more ?[.…›»>→]*',
      'read (?:the )?(?:full|entire) (?:article|review|post) ?[.…›»>→]*',
      'read (?:the )?blog',
      '(?:continue|keep) reading ?[.…›»>→]*',
      'sponsored',
    ].join('|') +
    ')$',
  'i',
);
// The prompts that lead to the site's account forms, whose forms are gone ("Sign in to add this item to your
// wishlist", "Already have an account? Log in"). "Log in to your console and..." is a step of a guide, not a prompt.
const ACCOUNT_PROMPT =
  /^(?:(?:sign|log) ?in to (?!your\b)[^.!?]{1,100}[.!]?|(?:already have an account|don['’]t have an account|not a member)\?(?: [^.!?]{1,40}[.!]?)?)$/i;
// The link such a prompt often starts with ("<a>Sign in</a> to add this item..."), which splits its text.
const ACCOUNT_LINK = /^(?:sign|log) ?in$/i;
const LOWER_CASE_START = /^[a-z]/;
// All of them, so that the content's text is walked once.
const LABEL_OR_CAPTION = new RegExp(
  `${STRAY_LABEL.source}|${CONTROL_CAPTION.source}|${ACCOUNT_PROMPT.source}|${ACCOUNT_LINK.source}`,
  'i',
);

/**
 * Removes the elements whose whole text is a stray label (an ad slot's, a control's that does nothing here), the
 * caption of a control that leads elsewhere, or a prompt to sign in.
 */
export function removeStrayLabels(content: Element): void {
  for (const element of elementsSaying(content, LABEL_OR_CAPTION)) {
    const text = foldedText(element);
    if (ACCOUNT_LINK.test(text)) {
      const line = element.parentElement;
      if (line && line !== content && ACCOUNT_PROMPT.test(foldedText(line))) line.remove();
    } else if (STRAY_LABEL.test(text) || !LOWER_CASE_START.test(text)) {
      element.remove();
    }
  }
}
