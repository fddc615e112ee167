import { storedZip } from './zip';

/** One page of a test Word document: a heading, then paragraphs. */
export interface DocxPage {
  heading: string;
  paragraphs: string[];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const WORD_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function paragraph(text: string, style?: string): string {
  const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

/**
 * A minimal valid .docx: one page per entry (a Heading1 paragraph, then body paragraphs, a page break between
 * pages), with the package parts Word and mammoth read.
 */
export function textDocx(pages: DocxPage[]): Buffer {
  const body = pages
    .map((page, index) =>
      [
        index > 0 ? '<w:p><w:r><w:br w:type="page"/></w:r></w:p>' : '',
        paragraph(page.heading, 'Heading1'),
        ...page.paragraphs.map((text) => paragraph(text)),
      ].join(''),
    )
    .join('');
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
      'Target="word/document.xml"/></Relationships>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${WORD_NS}"><w:body>${body}</w:body></w:document>`,
  });
}
