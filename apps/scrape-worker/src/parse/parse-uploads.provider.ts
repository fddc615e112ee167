import type { Provider } from '@nestjs/common';
import { createObjectStorage } from '@wh/platform/storage';
import { PageSlots } from '../browser/page-slots';
import { ConversionPool } from '../conversion/conversion-pool';
import { ScrapeWorkerConfig } from '../scrape-worker.config';
import { UploadedFileConverter } from './uploaded-file-converter';

/** The object store the gateway puts uploads in (the same `STORAGE_URL` and namespace). */
export const PARSE_UPLOADS = Symbol('PARSE_UPLOADS');

/** Slots bounding the uploads one worker converts at once (`PARSE_CONCURRENCY`). */
export const PARSE_SLOTS = Symbol('PARSE_SLOTS');

export const parseProviders: Provider[] = [
  {
    provide: PARSE_SLOTS,
    inject: [ScrapeWorkerConfig],
    useFactory: (config: ScrapeWorkerConfig) => new PageSlots(config.PARSE_CONCURRENCY),
  },
  {
    provide: PARSE_UPLOADS,
    inject: [ScrapeWorkerConfig],
    useFactory: (config: ScrapeWorkerConfig) =>
      createObjectStorage({ url: config.STORAGE_URL, namespace: config.WH_NAMESPACE }),
  },
  {
    provide: UploadedFileConverter,
    inject: [ConversionPool],
    useFactory: (pool: ConversionPool) => new UploadedFileConverter((request) => pool.convert(request)),
  },
];
