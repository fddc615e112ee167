import { findContentRegion, measureText, type TextMasses } from './content-region';
import { parseDocument, releaseDocument } from './dom-document';

describe('findContentRegion', () => {
  const log = Array.from({ length: 40 }, (_, line) => `10:09:${line} ERROR job ${line} failed: coroutine never awaited`);
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
});
