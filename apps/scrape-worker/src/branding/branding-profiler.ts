import { Inject, Injectable } from '@nestjs/common';
import { type BrandingProfile, type ScrapeJobCommand, Subjects } from '@wh/contracts';
import { toDomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { brandingFromSample } from './branding-profile';
import type { BrandingSample } from './branding-sample';

/** Time kept back from the scrape's deadline for the model's pass, so the heuristics still make it in time. */
const PUBLISH_MARGIN_MS = 1_000;
/** A NATS request outlives extract-service's own deadline by this much, so its error reply arrives rather than a bare timeout. */
const REPLY_GRACE_MS = 500;

/** A page's branding profile, and why the model's pass is missing when it failed. */
export interface BrandedPage {
  profile: BrandingProfile;
  /** Set when the model was asked and failed: the heuristics stand. */
  refinementFailure?: string;
  /** LLM tokens the model's pass took. */
  tokens?: number;
}

/**
 * The `branding` format of one rendered page: the heuristics' profile from the page's sample, then one pass by
 * extract-service's model (colour roles, font names, the logo among the candidates, personality) when it has one.
 * Whatever goes wrong with that pass, the heuristics stand: a branding answer never fails for the model's sake.
 */
@Injectable()
export class BrandingProfiler {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  async profile(job: ScrapeJobCommand, url: string, sample: BrandingSample): Promise<BrandedPage> {
    const { profile, evidence } = brandingFromSample(sample);
    const deadlineAt = job.deadlineAt - PUBLISH_MARGIN_MS;
    const remainingMs = deadlineAt - Date.now();
    if (remainingMs <= 0)
      return { profile, refinementFailure: 'no time was left for the model within the scrape timeout' };
    try {
      const reply = await this.requester.request(
        Subjects.brandingRefine,
        {
          teamId: job.teamId,
          url,
          profile,
          evidence,
          deadlineAt,
          zeroDataRetention: job.options.zeroDataRetention,
        },
        remainingMs + REPLY_GRACE_MS,
      );
      const tokens = reply.usage.promptTokens + reply.usage.completionTokens;
      return { profile: reply.profile ?? profile, ...(tokens ? { tokens } : {}) };
    } catch (error) {
      const failure = toDomainError(error);
      return { profile, refinementFailure: `${failure.code}: ${failure.message}` };
    }
  }
}
