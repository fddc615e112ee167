import 'reflect-metadata';
import { bootstrapService } from '@wh/platform/runtime';
import { BrowserSessionManagerConfig } from './browser-session-manager.config';
import { BrowserSessionManagerModule } from './browser-session-manager.module';

void bootstrapService({ appModule: BrowserSessionManagerModule, configClass: BrowserSessionManagerConfig });
