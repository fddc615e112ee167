export { HttpEngine, type HttpEngineOptions } from './http-engine';
export type { FetchedResponse, HttpFetchRequest } from './http-fetch.types';
