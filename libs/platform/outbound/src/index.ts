export * from './backoff';
export * from './semaphore';
export * from './attempt-slot';
