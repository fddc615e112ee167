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

  @Post('search')
  @Billed('search')
  @HttpCode(200)
  async search(@CurrentTeam() team: TeamContext, @Body() body: SearchRequestDto): Promise<SearchResponse> {
    return this.searches.run(team, body);
  }
}
