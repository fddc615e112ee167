export type { ConvertRequest, ConvertResult, HtmlFormat } from './convert-request';
export { convertHtml } from './convert-html';
export { extractImages } from './extract-images';
export { extractLinks } from './extract-links';
export { extractMetadata, type PageMetadataFields } from './extract-metadata';
export { CONVERSION_YOUNG_GENERATION_MB, type ConversionThreadOptions, conversionThreadOptions } from './conversion-thread';
export { parseDocument, releaseDocument } from './dom-document';
export { extractMainContent } from './main-content';
