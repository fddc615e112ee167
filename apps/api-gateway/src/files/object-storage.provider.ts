import type { Provider } from '@nestjs/common';
import { createObjectStorage } from '@wh/platform/storage';
import { GatewayConfig } from '../gateway.config';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export const objectStorageProvider: Provider = {
  provide: OBJECT_STORAGE,
  inject: [GatewayConfig],
  useFactory: (config: GatewayConfig) =>
    createObjectStorage({ url: config.STORAGE_URL, namespace: config.WH_NAMESPACE }),
};
