/**
 * Flags every Chromium the platform starts gets, as Debian's package runs as root in a container. Without the
 * background-networking ones it floods a closed network with update and sync attempts (PLATFORM.md).
 */
export const CHROMIUM_BASE_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
