import { Controller, Inject } from '@nestjs/common';
import { Consumers, ScrapeJobFinishedEvent } from '@wh/contracts';
import { ConsumeStream, PreserveRpcErrors } from '@wh/platform/messaging';
import { MicroBatcher } from './micro-batcher';
import { PageResultsProcessor } from './page-results.processor';

/**
 * Results kept in one transaction at most; bounds the transaction's length and its locks. Batches run one at a
 * time: while one commits, the results that arrive gather for the next, so under load they share its statements and
 * its usage message. Two at a time halved the batches and cost CPU per page across scheduler, Postgres, billing and
 * NATS for no gain in pages per second (docs/benchmarks.md, "Crawl").
 */
const MAX_RESULTS_PER_BATCH = 64;

/**
 * How long a result that finds no batch in work waits for others to join it. A batch's loader read, transaction,
 * usage message and NATS flushes cost about the same for one result as for several, and a crawl's results come every
 * 20-50 ms; a page's place in its crawl's concurrency is freed this much later, which the worker's queue of pages
 * absorbs. 20 ms saved nothing measurable; 50 ms about 15% of the Postgres transactions and 7% of the NATS messages
 * per real-size page (docs/pending/crawl.md).
 */
const RESULTS_LINGER_MS = 50;

/**
 * Receives the results of scheduled pages. Results that arrive together are kept together; each message is
 * acknowledged once the batch holding it committed.
 */
@Controller()
@PreserveRpcErrors()
export class PageResultHandler {
  private readonly batcher: MicroBatcher<ScrapeJobFinishedEvent>;

  constructor(@Inject(PageResultsProcessor) processor: PageResultsProcessor) {
    this.batcher = new MicroBatcher((events) => processor.process(events), MAX_RESULTS_PER_BATCH, RESULTS_LINGER_MS);
  }

  @ConsumeStream(Consumers.crawlSchedulerResults)
  async handle(event: ScrapeJobFinishedEvent): Promise<void> {
    await this.batcher.submit(event);
  }
}
