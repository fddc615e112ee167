import { type DynamicModule, Module } from '@nestjs/common';
import { loadConfig } from './load-config';

/** Provides one validated config instance under its own class as the injection token. */
@Module({})
export class ConfigModule {
  static forRoot<T extends object>(schema: new () => T): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: schema, useValue: loadConfig(schema) }],
      exports: [schema],
    };
  }
}
