import type { Provider } from '@nestjs/common';
import { createObjectStorage } from '@wh/platform/storage';
import { ConversionPool } from '../conversion/conversion-pool';
import { ScrapeWorkerConfig } from '../scrape-worker.config';
import { UploadedFileConverter } from './uploaded-file-converter';

/** The object store the gateway puts uploads in (the same `STORAGE_URL` and namespace). */
export const PARSE_UPLOADS = Symbol('PARSE_UPLOADS');

export const parseProviders: Provider[] = [
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
