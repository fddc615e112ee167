import type { BrandingRefineReply, BrandingRefineRequest } from '@wh/contracts';
import type { LlmProvider } from '@wh/llm';
import type { AnswerCache } from '../cache/answer-cache';
import { openContext, UsageMeter } from '../extraction/extraction-context';
import { ModelAsker } from '../extraction/model-asker';
import {
  BRANDING_ANSWER_SCHEMA,
  brandingAnswerProblems,
  readBrandingAnswer,
  type BrandingAnswer,
} from './branding-answer';
import { brandingMessages } from './branding-prompt';
import { refineProfile } from './branding-refinement';

/** Room for the answer: a few colours, font names and a phrase. */
const BRANDING_OUTPUT_TOKENS = 600;

/**
 * The model's pass over a page's measured branding (one call, cached like every answer). Without a model the reply
 * carries no profile and the worker keeps its own; the model failing is an `LLM_*` error, which the worker also
 * answers by keeping its own.
 */
export class BrandingRefineService {
  private readonly asker?: ModelAsker;

  constructor(
    provider: LlmProvider | null | undefined,
    cache: AnswerCache,
    private readonly maxOutputTokens: number,
  ) {
    if (provider) this.asker = new ModelAsker(provider, cache);
  }

  async run(request: BrandingRefineRequest): Promise<BrandingRefineReply> {
    if (!this.asker) return { usage: new UsageMeter().usage };
    const context = openContext(request, 'the branding pass');
    const messages = brandingMessages(request);
    const answer = await this.asker.ask<BrandingAnswer>(
      {
        task: 'branding',
        schemaHash: '',
        content: `${messages.system}\n${messages.user}`,
        messages,
        schema: { name: 'branding', schema: BRANDING_ANSWER_SCHEMA, strict: true },
        maxOutputTokens: Math.min(this.maxOutputTokens, BRANDING_OUTPUT_TOKENS),
        read: readBrandingAnswer,
        revive: (cached) => (brandingAnswerProblems(cached).length === 0 ? (cached as BrandingAnswer) : undefined),
      },
      context,
    );
    return {
      profile: refineProfile(request.profile, answer, request.evidence),
      usage: context.meter.usage,
      model: this.asker.model,
    };
  }
}
