import { Inject, Injectable } from '@nestjs/common';
import type { Trx } from '../database/crawl-database';
import type { AfterCommit, ResultOutcome, ResultOutcomeListener } from '../results/result-outcomes';
import { type PageCharge, UsageBiller } from './usage-biller';

/**
 * Charges the pages a batch kept, and again those it found kept earlier (their first charge may have been lost with
 * a crashed replica; billing drops the repeat by the page's id). Sent after the commit and before the batch is
 * acknowledged, so a crash in between redelivers the batch and the charges go again.
 */
@Injectable()
export class UsageChargesListener implements ResultOutcomeListener {
  constructor(@Inject(UsageBiller) private readonly biller: UsageBiller) {}

  async withinTransaction(_trx: Trx, outcomes: readonly ResultOutcome[]): Promise<AfterCommit> {
    const charges: PageCharge[] = [];
    for (const outcome of outcomes) {
      const charged = outcome.type === 'page-kept' || (outcome.type === 'page-kept-earlier' && outcome.credits > 0);
      if (charged) {
        const { job, pageId, credits, tokens } = outcome;
        charges.push({ job, pageId, credits, tokens });
      }
    }
    return () => this.biller.bill(charges);
  }
}
