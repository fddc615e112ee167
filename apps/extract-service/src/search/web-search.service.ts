import type { WebSearchReply, WebSearchRequest } from '@wh/contracts';
import { type SearchBackend, searchNotConfigured } from '@wh/search';

/** Answers `search.web.query` from the configured backend; without one, SEARCH_NOT_CONFIGURED naming the setting. */
export class WebSearchService {
  constructor(private readonly backend: SearchBackend | null) {}

  async run(request: WebSearchRequest): Promise<WebSearchReply> {
    if (!this.backend) throw searchNotConfigured();
    const { teamId: _teamId, ...query } = request;
    return this.backend.search(query);
  }
}
