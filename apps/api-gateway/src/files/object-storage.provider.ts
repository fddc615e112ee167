import type { Provider } from '@nestjs/common';
import { createObjectStorage } from '@wh/platform/storage';
import { GatewayConfig } from '../gateway.config';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export const objectStorageProvider: Provider = {
  provide: OBJECT_STORAGE,
  inject: [GatewayConfig],
  useFactory: (config: GatewayConfig) =>
    createObjectStorage({ driver: config.STORAGE_DRIVER, localDir: config.STORAGE_LOCAL_DIR, namespace: config.WH_NAMESPACE }),
};
