import { Controller, Inject } from '@nestjs/common';
import { type CrawlOptionsFromPromptReply, CrawlOptionsFromPromptRequest, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { CrawlPromptService } from './crawl-prompt.service';

@Controller()
@PreserveRpcErrors()
export class CrawlPromptHandler {
  constructor(@Inject(CrawlPromptService) private readonly crawlPrompts: CrawlPromptService) {}

  @HandleRequest(Subjects.crawlOptionsFromPrompt)
  async generate(request: CrawlOptionsFromPromptRequest): Promise<CrawlOptionsFromPromptReply> {
    return this.crawlPrompts.generate(request);
  }
}
