import { type EnsureProgramOptions, ensureDebianProgram, findExecutable } from './debian-package';

const CHROMIUM = {
  binary: 'chromium',
  debianPackage: 'chromium',
  wellKnownPaths: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
  installHint: `Chromium is not installed. Install your distribution's package, then run again:
  Debian/Ubuntu:  sudo apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.`,
} as const;

/** Debian's Chromium binary, if installed. */
export function findChromiumBinary(): string | undefined {
  return findExecutable(CHROMIUM.binary, CHROMIUM.wellKnownPaths);
}

/** Returns Debian's Chromium, installing the `chromium` package when missing and allowed. Never downloads a browser build. */
export function ensureChromiumBinary(options: EnsureProgramOptions = {}): Promise<string> {
  return ensureDebianProgram(CHROMIUM, options);
}
