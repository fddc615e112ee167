export type { ConvertedOutputs, ConvertRequest, ConvertResult, HtmlFormat, PageFacts } from './convert/convert-request';
export { convertHtml } from './convert/convert-html';
export { extractImages } from './metadata/extract-images';
export { extractLinks } from './metadata/extract-links';
export { extractMetadata, type PageMetadataFields } from './metadata/extract-metadata';
export {
  CONVERSION_YOUNG_GENERATION_MB,
  type ConversionThreadOptions,
  conversionThreadOptions,
} from './convert/conversion-thread';
export { parseDocument, releaseDocument } from './dom/dom-document';
export { extractMainContent } from './main-content/main-content';
