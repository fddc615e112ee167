import { Inject, Injectable } from '@nestjs/common';
import { Subjects } from '@wh/contracts';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsRequester } from '@wh/platform/messaging';

const RELEASE_TIMEOUT_MS = 3_000;

/** Tells billing that jobs ended, so the credits set aside for pages they never scraped are free again. */
@Injectable()
export class CreditReservations {
  constructor(
    @Inject(NatsRequester) private readonly requester: NatsRequester,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async release(jobIds: readonly string[]): Promise<void> {
    for (const jobId of jobIds) {
      try {
        await this.requester.request(Subjects.creditsRelease, { jobId }, RELEASE_TIMEOUT_MS);
      } catch (error) {
        // Not worth redelivering a batch of results for: an unreleased reservation expires by itself.
        this.logger.warn({ err: error, jobId }, 'could not release the credits reserved for a job');
      }
    }
  }
}
