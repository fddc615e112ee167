import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import Piscina from 'piscina';
import { type ConvertRequest, type ConvertResult, conversionThreadOptions } from '@wh/scraping/core';

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
      ...conversionThreadOptions(youngGenerationMb),
    });
  }

  convert(request: ConvertRequest): Promise<ConvertResult> {
    return this.pool.run(request);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}
