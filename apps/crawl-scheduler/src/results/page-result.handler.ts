import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Consumers, ScrapeJobFinishedEvent } from '@wh/contracts';
import { PreserveRpcErrors } from '@wh/platform/messaging';
import { MicroBatcher } from './micro-batcher';
import { PageResultsProcessor } from './page-results.processor';

/** Results kept in one transaction at most; bounds the transaction's length and its locks. */
const MAX_RESULTS_PER_BATCH = 64;
/** One batch can prepare (documents, links, robots rules) while another one commits. */
const PARALLEL_BATCHES = 2;

/**
 * Receives the results of scheduled pages. Results that arrive together are kept together; each message is
 * acknowledged once the batch holding it committed.
 */
@Controller()
@PreserveRpcErrors()
export class PageResultHandler {
  private readonly batcher: MicroBatcher<ScrapeJobFinishedEvent>;

  constructor(@Inject(PageResultsProcessor) processor: PageResultsProcessor) {
    this.batcher = new MicroBatcher((events) => processor.process(events), { maxBatch: MAX_RESULTS_PER_BATCH, parallelBatches: PARALLEL_BATCHES });
  }

  @EventPattern(Consumers.crawlSchedulerResults.durableName)
  async handle(@Payload() event: ScrapeJobFinishedEvent): Promise<void> {
    await this.batcher.submit(event);
  }
}
