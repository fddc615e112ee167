export * from './llm-provider';
export * from './openai-compatible.provider';
export * from './token-count';
export * from './llm-errors';
