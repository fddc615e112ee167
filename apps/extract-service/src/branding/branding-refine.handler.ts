import { Controller, Inject } from '@nestjs/common';
import { BrandingRefineRequest, type BrandingRefineReply, Subjects } from '@wh/contracts';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { BrandingRefineService } from './branding-refine.service';

@Controller()
@PreserveRpcErrors()
export class BrandingRefineHandler {
  constructor(@Inject(BrandingRefineService) private readonly branding: BrandingRefineService) {}

  @HandleRequest(Subjects.brandingRefine)
  async refine(request: BrandingRefineRequest): Promise<BrandingRefineReply> {
    return this.branding.run(request);
  }
}
