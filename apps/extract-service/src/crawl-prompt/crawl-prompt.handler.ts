import { randomUUID } from 'node:crypto';
import { Controller, Inject } from '@nestjs/common';
import { type CrawlOptionsFromPromptReply, CrawlOptionsFromPromptRequest, Subjects } from '@wh/contracts';
import { HandleRequest, JetStreamPublisher, PreserveRpcErrors } from '@wh/platform/messaging';
import { CrawlPromptService } from './crawl-prompt.service';

@Controller()
@PreserveRpcErrors()
export class CrawlPromptHandler {
  constructor(
    @Inject(CrawlPromptService) private readonly crawlPrompts: CrawlPromptService,
    @Inject(JetStreamPublisher) private readonly publisher: JetStreamPublisher,
  ) {}

  @HandleRequest(Subjects.crawlOptionsFromPrompt)
  async generate(request: CrawlOptionsFromPromptRequest): Promise<CrawlOptionsFromPromptReply> {
    const reply = await this.crawlPrompts.generate(request);
    await this.recordTokens(request, reply);
    return reply;
  }

  /**
   * The model's tokens go to the team's token usage; the prompt itself costs no credits (Firecrawl lists no price for
   * it). A cached answer took no tokens and records nothing.
   */
  private async recordTokens(
    request: CrawlOptionsFromPromptRequest,
    reply: CrawlOptionsFromPromptReply,
  ): Promise<void> {
    const tokens = reply.usage.promptTokens + reply.usage.completionTokens;
    if (tokens === 0) return;
    const id = `crawl-prompt:${randomUUID()}`;
    await this.publisher.publish(
      Subjects.usageRecorded,
      {
        eventId: id,
        teamId: request.teamId,
        kind: 'crawl',
        jobId: id,
        ...(request.apiKeyId ? { apiKeyId: request.apiKeyId } : {}),
        credits: 0,
        tokens,
        occurredAt: new Date().toISOString(),
      },
      { msgId: `usage:${id}` },
    );
  }
}
