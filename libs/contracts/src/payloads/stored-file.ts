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

/** Storage key of a team's file: the team id comes first so that URLs and clean-up can be scoped to it. */
export function teamFileKey(teamId: string, name: string): string {
  return `${teamId}/${name}`;
}
