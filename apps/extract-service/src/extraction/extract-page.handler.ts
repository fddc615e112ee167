import { Controller, Inject } from '@nestjs/common';
import { type ExtractPageReply, ExtractPageRequest, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { ExtractPageService } from './extract-page.service';

@Controller()
@PreserveRpcErrors()
export class ExtractPageHandler {
  constructor(@Inject(ExtractPageService) private readonly extraction: ExtractPageService) {}

  @HandleRequest(Subjects.extractPageRun)
  async run(request: ExtractPageRequest): Promise<ExtractPageReply> {
    return this.extraction.run(request);
  }
}
