import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { ConfigModule, type ServiceConfig } from '@wh/platform/config';
import { DatabaseModule, DatabaseReadinessCheck, type ServiceDatabaseConfig } from '@wh/platform/database';
import { HealthModule, type ReadinessCheck } from '@wh/platform/health';
import { LoggingModule } from '@wh/platform/logging';
import { MessagingModule, type MessagingModuleOptions, NatsReadinessCheck } from '@wh/platform/messaging';
import { TelemetryModule } from '@wh/platform/telemetry';

export interface PlatformOptions extends Omit<MessagingModuleOptions, 'configClass'> {
  configClass: new () => ServiceConfig;
  /** The service owns tables: connect to Postgres and make readiness depend on it. */
  database?: boolean;
}

/**
 * What every service stands on: validated config, JSON logs, NATS with its streams and consumers provisioned,
 * Postgres when it owns tables, and /healthz + /readyz over all of them.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { configClass, database, ...messaging } = options;
    const checks: Type<ReadinessCheck>[] = [NatsReadinessCheck];
    const imports: DynamicModule[] = [
      ConfigModule.forRoot(configClass),
      LoggingModule.forRoot(options.serviceName, configClass),
      TelemetryModule.forRoot(options.serviceName),
      MessagingModule.forRoot({ ...messaging, configClass }),
    ];
    if (database) {
      imports.push(DatabaseModule.forRoot(configClass as new () => ServiceDatabaseConfig));
      checks.push(DatabaseReadinessCheck);
    }
    imports.push(HealthModule.forRoot(checks));
    return { module: PlatformModule, imports, exports: imports };
  }
}
