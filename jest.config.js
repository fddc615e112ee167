// Three tiers: `unit` (no servers), `integration` (repositories and NATS handlers in the test process, on real
// Postgres and NATS) and `e2e` (the six services as real processes on real NATS and Postgres).
const { compilerOptions } = require('./tsconfig.base.json');

// Test files resolve the @wh/* aliases through moduleNameMapper; the global setups run outside that
// machinery, in this process, so it gets the same aliases from tsconfig-paths.
require('tsconfig-paths').register({ baseUrl: __dirname, paths: compilerOptions.paths });

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/\//g, '\\/')}$`] = `<rootDir>/${target}`;
}

const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleNameMapper,
  transform,
  setupFiles: ['reflect-metadata', '<rootDir>/tools/jest/own-validation-metadata.ts'],
};

module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs,bench,tools}/**/*.spec.ts'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/esm-packages-outside-jest.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs,bench,tools}/**/*.int-spec.ts'],
      // Jest reads testTimeout from the root config only; the setup file raises it above `eventually`'s 10 s.
      setupFilesAfterEnv: ['<rootDir>/libs/testing/src/medium/setup-file.ts'],
      globalSetup: '<rootDir>/libs/testing/src/medium/global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/medium/global-teardown.ts',
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/apps/e2e/**/*.e2e-spec.ts'],
      // Tests that spawn processes (admin CLI, services, browsers) on a shared 2-core machine outgrow jest's 5 s default.
      setupFilesAfterEnv: ['<rootDir>/apps/e2e/src/support/setup-file.ts'],
      globalSetup: '<rootDir>/apps/e2e/src/support/global-setup.ts',
      globalTeardown: '<rootDir>/apps/e2e/src/support/global-teardown.ts',
    },
  ],
};
