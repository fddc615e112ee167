export * from './domain-error';
export * from './validation-problems';
