import { ErrorCode } from '@wh/contracts';
import { chunkMarkdown, messageTokens, SUMMARY_WORDS, summaryMessages, summaryReduceMessages } from '@wh/extraction';
import { DomainError } from '@wh/platform/errors';
import type { ExtractionContext, ExtractionSettings } from './extraction-context';
import type { ModelAsker, Reading } from './model-asker';
import { chunkedPageWarning, pageBudget } from './page-budget';

/** Room for a summary's answer: well above its words in any language. */
const SUMMARY_OUTPUT_TOKENS = Math.ceil(SUMMARY_WORDS * 4);

function readSummary(text: string): Reading<string> {
  const summary = text.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  return summary ? { ok: true, value: summary } : { ok: false, problems: ['the summary is empty'] };
}

const reviveSummary = (answer: unknown): string | undefined =>
  typeof answer === 'string' && answer.trim() ? answer : undefined;

/** The `summary` format with a model: one call for a page that fits, map-reduce over its parts for one that does not. */
export class LlmSummarizer {
  constructor(
    private readonly asker: ModelAsker,
    private readonly settings: ExtractionSettings,
  ) {}

  async summarize(markdown: string, context: ExtractionContext): Promise<string> {
    const maxOutputTokens = Math.min(this.settings.maxOutputTokens, SUMMARY_OUTPUT_TOKENS);
    const overhead = summaryMessages({ url: context.url, content: '', part: { index: 0, count: 2 } });
    const budget = pageBudget({ ...this.settings, maxOutputTokens }, messageTokens(overhead));
    const chunks = chunkMarkdown(markdown, budget);
    if (chunks.length === 0) throw new DomainError(ErrorCode.BadRequest, 'the page has no text to summarize');
    const read = chunks.slice(0, this.settings.maxChunks);
    if (chunks.length === 1) {
      return this.asker.ask(
        {
          task: 'summary',
          schemaHash: '',
          content: read[0],
          messages: summaryMessages({ url: context.url, content: read[0] }),
          maxOutputTokens,
          read: readSummary,
          revive: reviveSummary,
        },
        context,
      );
    }
    context.warnings.push(chunkedPageWarning(chunks.length, read.length, this.settings));
    const partials = await Promise.all(
      read.map((content, index) =>
        this.asker.ask(
          {
            task: 'summary-part',
            schemaHash: `${index}/${read.length}`,
            content,
            messages: summaryMessages({ url: context.url, content, part: { index, count: read.length } }),
            maxOutputTokens,
            read: readSummary,
            revive: reviveSummary,
          },
          context,
        ),
      ),
    );
    const joined = partials.join('\n\n');
    return this.asker.ask(
      {
        task: 'summary-reduce',
        schemaHash: '',
        content: joined,
        messages: summaryReduceMessages({ url: context.url, partials }),
        maxOutputTokens,
        read: readSummary,
        revive: reviveSummary,
      },
      context,
    );
  }
}
