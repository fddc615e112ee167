// Development infrastructure shared by `npm start` and the integration test harness: a local nats-server with
// JetStream, an embedded PostgreSQL, and child-process helpers. Nothing here reads the environment.
export * from './nats-server';
export * from './postgres';
export * from './processes';
export * from './debian-package';
export * from './chromium';
export * from './stack-settings';
