import { parseDocument, releaseDocument } from '../dom/dom-document';
import type { TextMasses } from '../dom/text-measure';
import { findContentRegion, measureText } from './content-region';

describe('findContentRegion', () => {
  const log = Array.from(
    { length: 40 },
    (_, line) => `10:09:${line} ERROR job ${line} failed: coroutine never awaited`,
  );
  const post = (text: string): string => `<div class="topic-body crawler-post"><p>${text}</p></div>`;
  const thread = `<div id="thread">${post('Since the update the server never finishes starting.')}
    ${post(`Here is the log: ${log.join(' ')}`)}${post('Roll back to the previous version and report it upstream.')}</div>`;

  function regionId(keepRunsWhole: boolean): string {
    const document = parseDocument(thread);
    try {
      const masses: TextMasses = new Map();
      measureText(document.body, masses);
      const region = findContentRegion(document.body, masses, keepRunsWhole);
      return region.id || region.textContent?.slice(0, 20) || '';
    } finally {
      releaseDocument(document);
    }
  }

  it('narrows into the block that holds most of the text', () => {
    expect(regionId(false)).toBe('Here is the log: 10:');
  });

  it('on a discussion page, stops at the thread when one of its like posts holds most of the text', () => {
    expect(regionId(true)).toBe('thread');
  });

  it('does not narrow past the block it must keep, into the answers below a short question', () => {
    const answers = Array.from(
      { length: 4 },
      (_, index) => `<div class="answer">${'An answer of some length. '.repeat(10 + index)}</div>`,
    );
    const document = parseDocument(
      `<div id="page"><div id="question"><p>How?</p></div><div id="answers">${answers.join('')}</div></div>`,
    );
    try {
      const masses: TextMasses = new Map();
      measureText(document.body, masses);
      expect(findContentRegion(document.body, masses, true).id).toBe('answers');
      expect(findContentRegion(document.body, masses, true, document.getElementById('question') ?? undefined).id).toBe(
        'page',
      );
    } finally {
      releaseDocument(document);
    }
  });
});
