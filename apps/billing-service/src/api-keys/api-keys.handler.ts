import { Controller, Inject } from '@nestjs/common';
import { type ApiKeyVerifyReply, ApiKeyVerifyRequest, ErrorCode, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { HandleRequest, PreserveRpcErrors } from '@wh/platform/messaging';
import { ApiKeysRepository } from './api-keys.repository';

@Controller()
@PreserveRpcErrors()
export class ApiKeysHandler {
  constructor(@Inject(ApiKeysRepository) private readonly keys: ApiKeysRepository) {}

  @HandleRequest(Subjects.apiKeyVerify)
  async verify(request: ApiKeyVerifyRequest): Promise<ApiKeyVerifyReply> {
    const key = await this.keys.findActiveByHash(request.keyHash);
    if (!key) throw new DomainError(ErrorCode.Unauthorized, 'Unauthorized: Invalid token');
    return key;
  }
}
