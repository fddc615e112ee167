import { elementsSaying } from '../../dom/dom-walk';

// Labels of what the page as fetched does not hold: the line publishers print over an ad slot ("Advertisement",
// "Article continues below") whose ad never loads without scripts, and the captions of controls whose behaviour went
// with the scripts ("Expand description", "Show more", "Close", "Loading...", and the placeholder a script fills in:
// "Loading paragraph...", "Loading prices for your region…"); and the captions of a listing's controls ("Sort by",
// "Filters", "Results per page", "Showing 24 of 291 results", "Page 1 of 8"), whose pickers and buttons went with the
// forms. A bare count ("400 Products") stays: it says what the listing holds. And the captions of a thread's controls
// ("Reply with quote", "Report inappropriate content", "Watch this topic"), which lead to forms of the forum's own. And
// the caption of a teaser's link ("Read more", "See more ›", "Read full article", "Continue reading") or its
// "Sponsored" tag: the teaser's own title and text say what it leads to. "Learn more" is left: shops and services
// print it beside what they offer, and their pages' truths keep it.
const STRAY_LABEL = new RegExp(
  '^(?:' +
    [
      'advertisements?(?: - continue reading below)?',
      '(?:article|story) continues below',
      'expand (?:all|description|section)',
      'collapse(?: all)?',
      'close(?: form| menu| dialog)?',
      'show (?:more|less)',
      'view (?:more|less)',
      'read less',
      'open table of contents(?: panel)?\\.?',
      'toggle (?:navigation|menu)',
      'loading\\.*',
      'loading [\\w-]+(?: [\\w-]+){0,3}(?:\\.{3}|…)',
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

/** Removes the elements whose whole text is a stray label: an ad slot's, or a control's that does nothing here. */
export function removeStrayLabels(content: Element): void {
  for (const label of elementsSaying(content, STRAY_LABEL)) label.remove();
}
