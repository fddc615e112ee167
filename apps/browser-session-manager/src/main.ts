import 'reflect-metadata';
import type { Server } from 'node:http';
import { bootstrapService } from '@wh/platform/runtime';
import { BrowserSessionManagerConfig } from './browser-session-manager.config';
import { BrowserSessionManagerModule } from './browser-session-manager.module';
import { SessionSocketServer } from './replica/session-socket-server';

void bootstrapService({
  appModule: BrowserSessionManagerModule,
  configClass: BrowserSessionManagerConfig,
  transport: { concurrency: () => ({}) },
  configure: (app) => app.get(SessionSocketServer).attach(app.getHttpServer() as Server),
});
