import type { WebSearchReply, WebSearchRequest } from '@wh/contracts';
import { type SearchBackend, searchNotConfigured } from '@wh/search';

/** Answers `search.web.query` from the configured backend; without one, SEARCH_NOT_CONFIGURED naming the setting. */
export class WebSearchService {
  constructor(private readonly backend: SearchBackend | null) {}

  /** Whether a backend is configured (`SEARCH_URL`): extract refuses `enableWebSearch` up front without one. */
  get configured(): boolean {
    return this.backend !== null;
  }

  async run(request: WebSearchRequest): Promise<WebSearchReply> {
    if (!this.backend) throw searchNotConfigured();
    const { teamId: _teamId, ...query } = request;
    return this.backend.search(query);
  }
}
