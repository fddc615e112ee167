// Jest reads `testTimeout` from the root config only, not from a project's: without this every e2e test without its
// own timeout had jest's 5 s default, which a loaded 2-core machine overruns (a scrape and a billing read).
jest.setTimeout(30_000);
