// Sections an article closes with that are about it rather than of it, titled as such and by nothing else: the works
// it cites ("Sources", "References", "Article sources:", "Footnotes") and the note on its writer or reviewer ("About
// the author", "About the Reviewer"). Only the plural titles a list: a reference manual heads an argument named
// "source" with the word alone. A "Notes" section is left: writers put their own tips under it. Such a section goes
// from its title (a heading, or a line saying the title and nothing else) to the next heading of the title's rank, in
// the walk that finds promotional sections (promotional-sections.ts).
export const CLOSING_TITLE =
  /^(?:(?:article )?(?:sources|references|citations)|bibliography|works cited|footnotes|about the (?:author|reviewer|writer|editor|contributor)s?\b[^.?!]{0,40})[\s:!.…]*$/i;
