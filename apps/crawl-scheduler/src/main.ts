import 'reflect-metadata';
import { bootstrapService } from '@wh/platform/runtime';
import { CrawlSchedulerConfig } from './crawl-scheduler.config';
import { CrawlSchedulerModule } from './crawl-scheduler.module';

void bootstrapService({ appModule: CrawlSchedulerModule, configClass: CrawlSchedulerConfig });
