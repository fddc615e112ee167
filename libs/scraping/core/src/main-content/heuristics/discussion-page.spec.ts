import { parseDocument, releaseDocument } from '../../dom/dom-document';
import { declaresDiscussion, markedQuestionText, removeAfterLastAnswer } from './discussion-page';

const comment = '<div itemscope itemtype="https://schema.org/Comment"><p>Agreed.</p></div>';

describe('declaresDiscussion', () => {
  it('recognises a thread by its JSON-LD or microdata type', () => {
    expect(declaresDiscussion('<script type="application/ld+json">{"@type": "DiscussionForumPosting"}</script>')).toBe(
      true,
    );
    expect(declaresDiscussion('<main itemscope itemtype="http://schema.org/QAPage"></main>')).toBe(true);
  });

  it('recognises a thread by several posts marked up as comments or answers', () => {
    expect(declaresDiscussion(comment.repeat(3))).toBe(true);
    expect(declaresDiscussion(comment.repeat(2))).toBe(false);
    expect(declaresDiscussion(comment.replace('Comment', 'Answer').repeat(3))).toBe(true);
  });

  it('does not take an article for a thread', () => {
    expect(declaresDiscussion('<article itemscope itemtype="https://schema.org/Article"><p>Text</p></article>')).toBe(
      false,
    );
  });
});

describe('markedQuestionText', () => {
  it("finds the question's own text, not an answer's, in a question that holds its answers", () => {
    const document = parseDocument(`<div itemtype="https://schema.org/Question"><h1 itemprop="name">Title</h1>
      <div id="asked" itemprop="text"><p>How?</p></div>
      <div itemtype="https://schema.org/Answer"><div id="answered" itemprop="text"><p>Thus.</p></div></div></div>`);
    try {
      expect(markedQuestionText(document.body)?.id).toBe('asked');
      document.getElementById('asked')?.remove();
      expect(markedQuestionText(document.body)).toBeUndefined();
    } finally {
      releaseDocument(document);
    }
  });
});

describe('removeAfterLastAnswer', () => {
  it('removes what follows the last answer: the form to answer and the prompts to ask', () => {
    const answer = (text: string): string => `<div itemtype="https://schema.org/Answer"><p>${text}</p></div>`;
    const document = parseDocument(`<div id="region"><p>How?</p><div id="answers">${answer('Thus.')}${answer('Or so.')}
      <a href="/q?page=2">More answers</a></div><form><h2>Your Answer</h2></form><p>Start asking to get answers</p></div>`);
    try {
      const region = document.getElementById('region');
      if (!region) throw new Error('no region');
      removeAfterLastAnswer(region);
      expect(
        region.innerHTML
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      ).toBe('How? Thus. Or so.');
    } finally {
      releaseDocument(document);
    }
  });
});
