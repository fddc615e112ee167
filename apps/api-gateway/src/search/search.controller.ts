import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiKeyGuard } from '../auth/api-key.guard';
import { CurrentTeam, type TeamContext } from '../auth/team-context';
import { Billed } from '../billing/billed.guard';
import { SearchRequestDto } from './search-request.dto';
import { type SearchResponse, SearchService } from './search.service';

@Controller('v2')
@UseGuards(ApiKeyGuard)
export class SearchController {
  constructor(@Inject(SearchService) private readonly searches: SearchService) {}

  // Rate-limited and credit-checked as a scrape: plans have no endpoint kind of search's own yet.
  @Post('search')
  @Billed('scrape')
  @HttpCode(200)
  async search(@CurrentTeam() team: TeamContext, @Body() body: SearchRequestDto): Promise<SearchResponse> {
    return this.searches.run(team, body);
  }
}
