import { Controller, Inject } from '@nestjs/common';
import { type WebSearchReply, WebSearchRequest, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { WebSearchService } from './web-search.service';

@Controller()
@PreserveRpcErrors()
export class WebSearchHandler {
  constructor(@Inject(WebSearchService) private readonly search: WebSearchService) {}

  @HandleRequest(Subjects.webSearch)
  async run(request: WebSearchRequest): Promise<WebSearchReply> {
    return this.search.run(request);
  }
}
