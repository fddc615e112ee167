import { Module } from '@nestjs/common';
import { PlatformModule } from '@wh/platform/runtime';
import { BrowserSessionManagerConfig } from './browser-session-manager.config';

const SERVICE_NAME = 'browser-session-manager';

/** Will own remote browser sessions (POST /v2/browser); today it only boots and reports health. */
@Module({
  imports: [
    PlatformModule.forRoot({
      serviceName: SERVICE_NAME,
      configClass: BrowserSessionManagerConfig,
      streams: [],
      consumers: [],
    }),
  ],
})
export class BrowserSessionManagerModule {}
