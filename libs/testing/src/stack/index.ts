export * from './stack';
export * from './service-process';
export * from './free-port';
export * from './infrastructure';
export * from './api-client';
export * from './s3-server';
export * from './nats-cluster';
