export { EgressGuard, type EgressGuardSettings } from './egress-guard';
export { EgressGuards } from './egress-guards';
export { chromiumEgressFlags } from './chromium-egress-flags';
export { type UpstreamProxy } from './upstream-tunnel';
export { guardRefusalOf, type GuardRefusal } from './proxy-status';
