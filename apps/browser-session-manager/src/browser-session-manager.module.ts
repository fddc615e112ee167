import { Module } from '@nestjs/common';
import { ConfigModule } from '@wh/platform/config';
import { HealthModule } from '@wh/platform/health';
import { LoggingModule } from '@wh/platform/logging';
import { MessagingModule, NatsReadinessCheck } from '@wh/platform/messaging';
import { BrowserSessionManagerConfig } from './browser-session-manager.config';

const SERVICE_NAME = 'browser-session-manager';

/** Will own remote browser sessions (POST /v2/browser); today it only boots and reports health. */
@Module({
  imports: [
    ConfigModule.forRoot(BrowserSessionManagerConfig),
    LoggingModule.forRoot(SERVICE_NAME, BrowserSessionManagerConfig),
    MessagingModule.forRoot({ serviceName: SERVICE_NAME, configClass: BrowserSessionManagerConfig, streams: [], consumers: [] }),
    HealthModule.forRoot([NatsReadinessCheck]),
  ],
})
export class BrowserSessionManagerModule {}
