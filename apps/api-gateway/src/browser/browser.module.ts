import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { LOGGER, type Logger } from '@wh/platform/logging';
import { NatsRequester } from '@wh/platform/messaging';
import { WebSocketUpgradeRegistry } from '../websocket/websocket-upgrade-registry';
import { BrowserController } from './browser.controller';
import { LiveViewController } from './live-view.controller';
import { SessionSocketRoute } from './session-socket.route';

/** /v2/browser: session control over NATS, and the CDP and live-view sockets piped to the replicas. */
@Module({
  controllers: [BrowserController, LiveViewController],
  providers: [
    {
      provide: SessionSocketRoute,
      inject: [NatsRequester, LOGGER],
      useFactory: (requester: NatsRequester, logger: Logger) => new SessionSocketRoute(requester, logger),
    },
  ],
})
export class BrowserModule implements OnModuleInit {
  constructor(
    @Inject(WebSocketUpgradeRegistry) private readonly registry: WebSocketUpgradeRegistry,
    @Inject(SessionSocketRoute) private readonly route: SessionSocketRoute,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.route);
  }
}
