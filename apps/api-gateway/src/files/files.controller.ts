import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode, teamFileKey } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { type ObjectStorage, isSafeObjectKey, verifyObjectSignature } from '@wh/platform/storage';
import { GatewayConfig } from '../gateway.config';
import { OBJECT_STORAGE } from './object-storage.provider';

/**
 * Serves stored screenshots and PDFs. The URL is the authorisation: a signature over the team's key and
 * the expiry, so links can be embedded and fetched without an API key, by whoever the caller shares them with.
 */
@Controller('v2/files')
export class FilesController {
  constructor(
    @Inject(GatewayConfig) private readonly config: GatewayConfig,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get(':teamId/:name')
  async file(
    @Param('teamId') teamId: string,
    @Param('name') name: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const key = teamFileKey(teamId, name);
    const expiresAt = Number(expires);
    const valid =
      isSafeObjectKey(key) &&
      typeof signature === 'string' &&
      verifyObjectSignature(this.config.FILES_URL_SECRET, key, expiresAt, signature);
    const file = valid ? await this.storage.get(key) : undefined;
    // Wrong signatures, expired links and missing files look alike, so a link reveals nothing about others.
    if (!file) throw new DomainError(ErrorCode.NotFound, 'File not found or link expired');
    res
      .status(200)
      .type(file.contentType)
      .set('cache-control', `private, max-age=${Math.max(0, Math.floor((expiresAt - Date.now()) / 1000))}`)
      .set('x-content-type-options', 'nosniff')
      .send(file.body);
  }
}
