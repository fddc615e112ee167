/**
 * Screenshots and PDFs live in object storage. Workers put a reference in the document; only the gateway, which
 * holds the signing secret, turns it into an expiring URL. Keys start with the owning team's id.
 */
const SCHEME = 'wh-file:';

export interface StoredFile {
  key: string;
  /** Epoch ms after which the file is gone. */
  expiresAt: number;
}

export function storedFileRef(file: StoredFile): string {
  return `${SCHEME}${file.expiresAt}:${file.key}`;
}

/** The file a reference names, or undefined when the string is no reference. */
export function parseStoredFileRef(value: string): StoredFile | undefined {
  if (!value.startsWith(SCHEME)) return undefined;
  const rest = value.slice(SCHEME.length);
  const separator = rest.indexOf(':');
  const expiresAt = Number(rest.slice(0, separator));
  if (separator <= 0 || !Number.isSafeInteger(expiresAt)) return undefined;
  return { key: rest.slice(separator + 1), expiresAt };
}

// A whole JSON string holding a reference: keys are `<team>/<uuid>.<ext>`, so they never need escaping.
const STORED_FILE_STRING = new RegExp(`"(${SCHEME}\\d+:[^"\\\\]+)"`, 'g');

/**
 * JSON text with every string member that is a reference to one of `teamId`'s files replaced by `toUrl`'s answer.
 * References to other teams' keys stay as they are, so text a scraped page supplies cannot obtain a link to them.
 */
export function withStoredFileRefsReplaced(json: string, teamId: string, toUrl: (file: StoredFile) => string): string {
  // Most documents hold no file: one scan of the text decides that without a regular expression.
  if (!json.includes(`"${SCHEME}`)) return json;
  return json.replace(STORED_FILE_STRING, (whole: string, reference: string) => {
    const file = parseStoredFileRef(reference);
    return file && file.key.startsWith(`${teamId}/`) ? JSON.stringify(toUrl(file)) : whole;
  });
}

/** Storage key of a team's file: the team id comes first so that URLs and clean-up can be scoped to it. */
export function teamFileKey(teamId: string, name: string): string {
  return `${teamId}/${name}`;
}
