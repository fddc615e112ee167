import { Inject, Injectable } from '@nestjs/common';
import { type PageLinksReply, Subjects } from '@wh/contracts';
import { NatsRequester } from '@wh/platform/messaging';

/** Time the reply may take on top of the fetch itself. */
const REPLY_MARGIN_MS = 2_000;
const MAX_PAGE_TIMEOUT_MS = 30_000;

/** A map's start page, read through a scrape-worker (which owns outbound requests and link extraction). */
@Injectable()
export class StartPageReader {
  constructor(@Inject(NatsRequester) private readonly requester: NatsRequester) {}

  read(
    url: string,
    timeLeftMs: number,
    options: { headers?: Record<string, string>; languages?: string[] },
  ): Promise<PageLinksReply> {
    const timeoutMs = Math.max(1, Math.min(MAX_PAGE_TIMEOUT_MS, Math.round(timeLeftMs)));
    return this.requester.request(
      Subjects.pageLinksFetch,
      {
        url,
        timeoutMs,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.languages ? { languages: options.languages } : {}),
      },
      timeoutMs + REPLY_MARGIN_MS,
    );
  }
}
