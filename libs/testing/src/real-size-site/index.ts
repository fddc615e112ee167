export { REAL_SIZE_PAGE_BYTES, realSizeChildren, realSizePage } from './real-size-page';
export { type RealSizeSite, startRealSizeSite } from './real-size-site';
