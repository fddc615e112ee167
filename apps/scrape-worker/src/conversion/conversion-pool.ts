import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Piscina from 'piscina';
import { type ConvertRequest, type ConvertResult, conversionThreadOptions } from '@wh/scraping/core';
import { RecyclingLanes } from './recycling-lanes';

/**
 * Pages a conversion thread converts before a fresh one takes its place. Without it the worker's resident memory kept
 * creeping up for thousands of pages after the threads' warm-up (+26% over 8,000 real-size pages); with it, it ends
 * where it was after the first tenth. A fresh thread's module loading and slower first parse are spread over these
 * pages (docs/benchmarks.md, "Crawl memory").
 */
export const PAGES_PER_CONVERSION_THREAD = 1_000;

/** Worker threads that turn fetched HTML into the requested formats, each replaced after a number of pages. */
@Injectable()
export class ConversionPool implements OnApplicationShutdown {
  private readonly lanes: RecyclingLanes<Piscina<ConvertRequest, ConvertResult>>;

  constructor(threads: number, youngGenerationMb: number, pagesPerThread = PAGES_PER_CONVERSION_THREAD) {
    const thread = (): Piscina<ConvertRequest, ConvertResult> =>
      new Piscina({
        filename: path.join(__dirname, 'conversion.worker.js'),
        // Started at once, so a replacement loads its modules while the thread it replaces finishes its pages.
        minThreads: 1,
        maxThreads: 1,
        // Threads stay warm between pages: jsdom's first parse in a fresh thread is several times slower.
        idleTimeout: 60_000,
        ...conversionThreadOptions(youngGenerationMb),
      });
    this.lanes = new RecyclingLanes(threads > 0 ? threads : availableParallelism(), pagesPerThread, {
      start: thread,
      stop: (pool) => pool.destroy(),
    });
  }

  convert(request: ConvertRequest): Promise<ConvertResult> {
    return this.lanes.run((pool) => pool.run(request));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.lanes.stop();
  }
}
