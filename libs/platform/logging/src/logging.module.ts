import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '@wh/platform/config';
import { createLogger } from './logger';

/** Injection token of the service's pino logger. */
export const LOGGER = Symbol('LOGGER');

@Module({})
export class LoggingModule {
  static forRoot(serviceName: string, configClass: new () => ServiceConfig): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      providers: [
        {
          provide: LOGGER,
          inject: [configClass],
          useFactory: (config: ServiceConfig) => createLogger(serviceName, config.LOG_LEVEL),
        },
      ],
      exports: [LOGGER],
    };
  }
}
