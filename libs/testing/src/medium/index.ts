export { testDatabase, type TestDatabase } from './test-database';
export { testNats, type TestNats, type ConsumeOptions, withFastRedelivery } from './test-nats';
export { migrateToLatest } from './migrations';
export { mediumInfrastructure } from './medium-infrastructure';
export { heldOpen, type HeldTransaction, type TransactionRunner, waitingForLocks } from './lock-waits';
