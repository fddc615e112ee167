export { classifyAddress, isPublicAddress, type AddressClass } from './ip-classification';
export { assertAllowedTarget, bareHostname, guardedLookup, type Resolver, systemResolver } from './target-guard';
export { hostMappingResolver, parseHostResolverRules } from './host-mapping';
