export { HttpEngine, type HttpEngineOptions } from './http-engine';
export type { FetchedResponse, HttpFetchRequest } from './http-fetch.types';
export { classifyAddress, isPublicAddress, type AddressClass } from './ip-classification';
export { assertAllowedTarget, bareHostname } from './target-guard';
