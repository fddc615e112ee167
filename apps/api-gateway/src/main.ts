import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { bootstrapService } from '@wh/platform/runtime';
import { TeamAuthenticator } from './auth/team-authenticator';
import { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { correlationMiddleware } from './http/correlation.middleware';
import { earlyAdmission, installBeforeRouting } from './http/overload/early-admission';
import { RequestAdmission } from './http/overload/request-admission';
import { answerUnparsableRequests } from './http/unparsable-request';
import { createApiValidationPipe } from './http/validation.pipe';
import { installWebSocketUpgrades } from './websocket/install-websocket-upgrades';

void bootstrapService({
  appModule: GatewayModule,
  configClass: GatewayConfig,
  configure: (app, logger) => {
    const express = app as NestExpressApplication;
    const errors = new ApiExceptionFilter(logger);
    express.useBodyParser('json', { limit: express.get(GatewayConfig).MAX_REQUEST_BODY_BYTES });
    express.use(correlationMiddleware);
    express.useGlobalPipes(createApiValidationPipe());
    express.useGlobalFilters(errors);
    express.disable('x-powered-by');
    // Express hashes every body for an ETag (sha1 over a whole scraped document, 0.1-0.3 ms each); no client of this
    // API revalidates with If-None-Match, so that was CPU spent on every answer for nothing.
    express.set('etag', false);
    const server = express.getHttpServer();
    server.keepAliveTimeout = express.get(GatewayConfig).HTTP_KEEP_ALIVE_TIMEOUT_MS;
    // Node counts a kept-alive connection's wait for the next request's headers against this too.
    server.headersTimeout = server.keepAliveTimeout + 1_000;
    installBeforeRouting(server, earlyAdmission(express.get(TeamAuthenticator), express.get(RequestAdmission), errors));
    answerUnparsableRequests(server);
    installWebSocketUpgrades(app, logger);
  },
});
