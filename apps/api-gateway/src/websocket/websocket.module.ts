import { Global, Module } from '@nestjs/common';
import { WebSocketUpgradeRegistry } from './websocket-upgrade-registry';

/** Shares the one upgrade registry with every feature module that serves WebSockets. */
@Global()
@Module({ providers: [WebSocketUpgradeRegistry], exports: [WebSocketUpgradeRegistry] })
export class WebSocketModule {}
