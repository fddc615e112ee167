import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import type { AfterCommit, ResultOutcome, ResultOutcomeListener } from '../results/result-outcomes';
import { CreditReservations } from './credit-reservations';

/** Frees the unused part of a job's credit reservation once the job has ended (after its last charges were sent). */
@Injectable()
export class ReservationReleaseListener implements ResultOutcomeListener {
  constructor(@Inject(CreditReservations) private readonly reservations: CreditReservations) {}

  async withinTransaction(_trx: Trx, outcomes: readonly ResultOutcome[]): Promise<AfterCommit> {
    const ended = outcomes.flatMap((outcome) => (outcome.type === 'job-finished' ? [outcome.job.id] : []));
    return () => this.reservations.release(ended);
  }
}
