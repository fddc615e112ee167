import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { collectProcessMetrics, metricsRegistry, refreshMetricsBeforeScrape } from '@wh/platform/telemetry';

/** Prometheus's text format of every metric this process registered. */
@Controller()
export class MetricsController {
  constructor() {
    collectProcessMetrics();
  }

  @Get('metrics')
  async metrics(@Res() response: Response): Promise<void> {
    await refreshMetricsBeforeScrape();
    response.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}
