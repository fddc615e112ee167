export * from './backoff';
export * from './semaphore';
export * from './attempt-slot';
export * from './read-limited';
