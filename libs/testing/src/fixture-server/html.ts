const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** Options of {@link htmlDocument}. */
export interface HtmlDocumentParts {
  title: string;
  lang?: string;
  /** Extra markup for `<head>` after the charset and title. */
  head?: string;
  body: string;
  /** The `<meta charset>` to declare; omit to declare none. */
  charset?: string;
}

/** A complete HTML document. */
export function htmlDocument({ title, lang = 'en', head = '', body, charset = 'utf-8' }: HtmlDocumentParts): string {
  const charsetMeta = charset ? `<meta charset="${charset}">\n` : '';
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
${charsetMeta}<title>${escapeHtml(title)}</title>
${head}
</head>
<body>
${body}
</body>
</html>
`;
}
