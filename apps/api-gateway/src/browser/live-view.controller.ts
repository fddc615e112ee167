import { createHash } from 'node:crypto';
import { Controller, Get, Header, Inject, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ErrorCode, Subjects } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';
import { NatsRequester } from '@wh/platform/messaging';
import { liveViewPage } from './live-view-page';

const AUTHORIZE_TIMEOUT_MS = 5_000;

/**
 * The live view page (liveViewUrl, interactiveLiveViewUrl). No API key: the session token in the URL is the
 * credential, and whether the page is interactive follows from which token it is.
 */
@Controller('v2/browser')
export class LiveViewController {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  @Get(':id/live')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('Referrer-Policy', 'no-referrer')
  async page(
    @Param(
      'id',
      new ParseUUIDPipe({ exceptionFactory: () => new DomainError(ErrorCode.NotFound, 'Browser session not found') }),
    )
    id: string,
    @Query('token') token: unknown,
  ): Promise<string> {
    if (typeof token !== 'string' || token === '')
      throw new DomainError(ErrorCode.Unauthorized, 'Missing session token');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const granted = await this.requester.request(
      Subjects.browserSessionAuthorize,
      { sessionId: id, tokenHash },
      AUTHORIZE_TIMEOUT_MS,
    );
    if (granted.access === 'cdp')
      throw new DomainError(ErrorCode.Unauthorized, 'This token does not open the live view');
    return liveViewPage(granted.access === 'interactive');
  }
}
