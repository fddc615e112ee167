import { Readability } from '@mozilla/readability';
import { JSDOM } from 'jsdom';
import TurndownService from 'turndown';
import type { ConvertedOutputs, ConvertRequest } from '@wh/scraping/core';

const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });

/**
 * The naive pipeline the issue compares against: the page parsed by jsdom, Readability's article handed to turndown
 * as HTML, links read from the same DOM. Nothing stripped before parsing, nothing reused.
 */
export default function convert(request: ConvertRequest): { outputs: Pick<ConvertedOutputs, 'markdown' | 'links'> } {
  const dom = new JSDOM(request.html, { url: request.url });
  try {
    const { document } = dom.window;
    const links = [...document.querySelectorAll('a[href]')].map((anchor) => (anchor as HTMLAnchorElement).href);
    const article = new Readability(document).parse();
    return {
      outputs: {
        markdown: turndown.turndown(article?.content ?? ''),
        links: links.filter((href) => href.startsWith('http')),
      },
    };
  } finally {
    dom.window.close();
  }
}
