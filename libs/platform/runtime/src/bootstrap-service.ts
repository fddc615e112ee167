import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ServiceConfig } from '@wh/platform/config';
import { LOGGER, type Logger, PinoNestLogger } from '@wh/platform/logging';
import { LifecycleState } from '@wh/platform/health';
import { connectJetStreamTransport, type JetStreamTransport } from '@wh/platform/messaging';
import { cacheValidationMetadata } from './validation-metadata-cache';

export interface BootstrapOptions<C extends ServiceConfig> {
  appModule: Type<unknown>;
  configClass: new () => C;
  /** Attach the NATS transport: request handlers and durable consumers, with pull slots per consumer. */
  transport?: {
    concurrency: (config: C) => Record<string, number>;
    /** Per consumer name, redelivery delays that replace the contract's (a deployment's own retry schedule). */
    retryDelaysMs?: (config: C) => Record<string, readonly number[]>;
  };
  /** HTTP-level setup (body limits, filters) before the server listens. */
  configure?: (app: INestApplication, logger: Logger) => void;
}

/**
 * Starts one service: JSON logs, NATS transport, HTTP server (API or health), and a shutdown on SIGTERM
 * that stops taking work, finishes or hands back in-flight messages, then closes connections.
 */
export async function bootstrapService<C extends ServiceConfig>(
  options: BootstrapOptions<C>,
): Promise<INestApplication> {
  cacheValidationMetadata();
  const app = await NestFactory.create(options.appModule, { bufferLogs: true });
  const logger = app.get<Logger>(LOGGER);
  const config = app.get(options.configClass);
  app.useLogger(new PinoNestLogger(logger));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  options.configure?.(app, logger);
  let transport: JetStreamTransport | undefined;
  if (options.transport) {
    transport = connectJetStreamTransport(app, {
      logger,
      concurrency: options.transport.concurrency(config),
      retryDelaysMs: options.transport.retryDelaysMs?.(config),
      shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
    });
    await app.startAllMicroservices();
  }
  exitCleanlyOnSignals(app, logger, transport);
  await listenOrExit(app, config.HTTP_PORT, logger);
  logger.info({ port: config.HTTP_PORT }, 'service started');
  return app;
}

/**
 * A service whose HTTP port is taken exits: alive, it would go on taking work from NATS with no health endpoint, and a
 * caller of that port would reach whatever holds it.
 */
async function listenOrExit(app: INestApplication, port: number, logger: Logger): Promise<void> {
  try {
    await app.listen(port, '0.0.0.0');
  } catch (error) {
    logger.error({ err: error, port }, 'HTTP port unavailable; exiting');
    process.exit(1);
  }
}

/**
 * Shutdown in the order an orchestrator needs: report not-ready at once, stop pulling and finish (or hand
 * back) in-flight messages while health still answers, then close HTTP and connections. Nest's own hooks
 * would close HTTP first and re-raise the signal; a service that drained properly exits 0 instead.
 */
function exitCleanlyOnSignals(app: INestApplication, logger: Logger, transport?: JetStreamTransport): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    app.get(LifecycleState).markStopping();
    (transport?.close() ?? Promise.resolve())
      .then(() => app.close())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
