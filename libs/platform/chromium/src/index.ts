export { CHROMIUM_BASE_FLAGS } from './chromium-flags';
export { descendantsOf, processTreePssBytes } from './process-tree';
export { ChromiumOwner, type ReapedBrowser } from './chromium-owner';
