import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Piscina from 'piscina';
import { type ConvertRequest, type ConvertResult, conversionThreadLimits } from '@wh/scraping/core';

/** Worker-thread pool that turns fetched HTML into the requested formats. */
@Injectable()
export class ConversionPool implements OnApplicationShutdown {
  private readonly pool: Piscina<ConvertRequest, ConvertResult>;

  constructor(threads: number, youngGenerationMb: number) {
    this.pool = new Piscina({
      filename: path.join(__dirname, 'conversion.worker.js'),
      maxThreads: threads > 0 ? threads : availableParallelism(),
      // Threads stay warm between pages: jsdom's first parse in a fresh thread is several times slower.
      idleTimeout: 60_000,
      resourceLimits: conversionThreadLimits(youngGenerationMb),
      // With the default 'sync' atomics a busy thread takes its next page without returning to its event loop, and
      // jsdom lets a replaced window go only after a turn of that loop: every window stayed, 9 MB of heap per
      // 1,000 pages and thread. 'async' hands each page over through the loop and the heap stays flat.
      atomics: 'async',
    });
  }

  convert(request: ConvertRequest): Promise<ConvertResult> {
    return this.pool.run(request);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
