import { Inject, Injectable } from '@nestjs/common';
import { type CrawlOptionsFromPromptReply, Subjects } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';

/** How long a crawl prompt may take the model; the request waits a little longer for the service's own answer. */
const CRAWL_PROMPT_DEADLINE_MS = 60_000;
const REPLY_GRACE_MS = 5_000;

/** Asks extract-service for the crawl options a prompt means (it owns every LLM call). */
@Injectable()
export class CrawlPromptClient {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  generate(input: {
    teamId: string;
    apiKeyId?: string;
    url: string;
    prompt: string;
    zeroDataRetention: boolean;
  }): Promise<CrawlOptionsFromPromptReply> {
    return this.requester.request(
      Subjects.crawlOptionsFromPrompt,
      { ...input, deadlineAt: Date.now() + CRAWL_PROMPT_DEADLINE_MS },
      CRAWL_PROMPT_DEADLINE_MS + REPLY_GRACE_MS,
    );
  }
}
