import { Controller, Inject } from '@nestjs/common';
import { type SiteMapReply, SiteMapRequest, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { SiteMapper } from './site-mapper';

/** Maps of sites for POST /v2/map and extract's `https://site/*` URLs, answered by whichever replica is free. */
@Controller()
@PreserveRpcErrors()
export class SiteMapHandler {
  constructor(@Inject(SiteMapper) private readonly mapper: SiteMapper) {}

  @HandleRequest(Subjects.siteMap)
  map(request: SiteMapRequest): Promise<SiteMapReply> {
    return this.mapper.execute(request);
  }
}
