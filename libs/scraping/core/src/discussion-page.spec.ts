import { declaresDiscussion } from './discussion-page';

const comment = '<div itemscope itemtype="https://schema.org/Comment"><p>Agreed.</p></div>';

describe('declaresDiscussion', () => {
  it('recognises a thread by its JSON-LD or microdata type', () => {
    expect(declaresDiscussion('<script type="application/ld+json">{"@type": "DiscussionForumPosting"}</script>')).toBe(true);
    expect(declaresDiscussion('<main itemscope itemtype="http://schema.org/QAPage"></main>')).toBe(true);
  });

  it('recognises a thread by several posts marked up as comments or answers', () => {
    expect(declaresDiscussion(comment.repeat(3))).toBe(true);
    expect(declaresDiscussion(comment.repeat(2))).toBe(false);
    expect(declaresDiscussion(comment.replace('Comment', 'Answer').repeat(3))).toBe(true);
  });

  it('does not take an article for a thread', () => {
    expect(declaresDiscussion('<article itemscope itemtype="https://schema.org/Article"><p>Text</p></article>')).toBe(false);
  });
});
