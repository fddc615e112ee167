// Module boundaries, in two dimensions, as ESLint flat-config objects (eslint.config.mjs spreads them; the spec
// beside this file lints probe imports with them). Every project carries one `type:*` tag (its project.json) and one
// `scope:*` tag (from its folder, see project-conventions.js): apps/<name>, apps/e2e and bench are their own scope;
// libs and tools are `scope:shared`. The lists allow what the code imports today and nothing more: widening one is a
// reviewed change to this file.
const nx = require('@nx/eslint-plugin');

const APP_SCOPES = [
  'api-gateway',
  'billing-service',
  'browser-session-manager',
  'crawl-scheduler',
  'extract-service',
  'scrape-worker',
];

/** Packages that do I/O or belong to a runtime; the pure libraries (contracts, scraping core) never import them. */
const IO_PACKAGES = ['@nestjs/*', 'nats', 'pg', 'kysely', 'undici', 'puppeteer-core'];

/** Node's network modules. Nx checks packages only, so ESLint's own rule keeps these out of the pure libraries. */
const NETWORK_BUILTINS = ['http', 'https', 'http2', 'net', 'tls', 'dns', 'dgram'].flatMap((name) => [
  name,
  `node:${name}`,
]);

const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'];

/** Which projects a project may import. Test files may also import the testing library. */
function depConstraints({ inTests }) {
  const testing = inTests ? ['type:testing'] : [];
  return [
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    ...['e2e', 'bench', ...APP_SCOPES].map((scope) => ({
      sourceTag: `scope:${scope}`,
      onlyDependOnLibsWithTags: ['scope:shared', `scope:${scope}`],
    })),
    // Only the scrape-worker converts pages (`purpose:conversion`), and only the extract-service reads them into
    // schemas (`purpose:extraction`); the api-gateway compiles callers' JSON schemas with the latter, so a bad schema
    // is a 400 before any work starts, and may import nothing else of the kind.
    ...APP_SCOPES.filter((scope) => !['scrape-worker', 'extract-service', 'api-gateway'].includes(scope)).map(
      (scope) => ({ sourceTag: `scope:${scope}`, notDependOnLibsWithTags: ['type:scraping'] }),
    ),
    { sourceTag: 'scope:api-gateway', notDependOnLibsWithTags: ['purpose:conversion'] },
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], bannedExternalImports: IO_PACKAGES },
    { sourceTag: 'type:scraping', onlyDependOnLibsWithTags: [], bannedExternalImports: IO_PACKAGES },
    // A platform library's specs may use the testing library unless it imports them (Nx reports that cycle).
    { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'type:contracts', ...testing] },
    { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: [] },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:tooling'] },
    {
      sourceTag: 'type:app',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:scraping', ...testing],
    },
    {
      sourceTag: 'type:e2e',
      onlyDependOnLibsWithTags: ['type:testing', 'type:contracts', 'type:platform', 'type:tooling'],
    },
    {
      sourceTag: 'type:bench',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:scraping', 'type:testing', 'type:tooling'],
    },
  ];
}

function rule({ inTests = false, allow = [] } = {}) {
  return ['error', { enforceBuildableLibDependency: false, allow, depConstraints: depConstraints({ inTests }) }];
}

/** Flat-config objects, in order; they set no parser, so they work with or without type information. */
const configs = [
  { plugins: { '@nx': nx }, rules: { '@nx/enforce-module-boundaries': rule() } },
  {
    files: ['libs/scraping/core/**/*.ts', 'libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: NETWORK_BUILTINS.map((name) => ({ name, message: 'no network I/O in a pure library' })) },
      ],
    },
  },
  {
    // An exception to "bench imports no app": the engine-alone benchmark drives scrape-worker's browser engine
    // in-process. Named module by module, so no other file and no other app module can follow it.
    files: ['bench/browser/engine-alone.ts'],
    rules: {
      '@nx/enforce-module-boundaries': rule({
        allow: [
          '../../apps/scrape-worker/src/browser/ad-blocker',
          '../../apps/scrape-worker/src/browser/browser-engine',
          '../../apps/scrape-worker/src/browser/browser-pool',
          '../../apps/scrape-worker/src/files/scrape-file-store',
        ],
      }),
    },
  },
  {
    // The second exception: the billing benchmark times the gateway's credit guard and billing's ledger writes
    // in-process, where a request's few microseconds can be measured at all. Named module by module, as above.
    files: ['bench/billing/run.ts'],
    rules: {
      '@nx/enforce-module-boundaries': rule({
        allow: [
          '../../apps/api-gateway/src/billing/billed.guard',
          '../../apps/api-gateway/src/billing/rate-limiter',
          '../../apps/api-gateway/src/billing/team-credits',
          '../../apps/api-gateway/src/gateway.config',
          '../../apps/billing-service/src/database/billing-database',
          '../../apps/billing-service/src/ledger/credit-balance.service',
          '../../apps/billing-service/src/ledger/ledger.repository',
          '../../apps/billing-service/src/ledger/reservations.repository',
          '../../apps/billing-service/src/plans/plans.repository',
          '../../apps/billing-service/src/teams/teams.repository',
        ],
      }),
    },
  },
  {
    // The third exception: the change-tracking benchmark times scrape-worker's comparison and diff, pure functions,
    // in-process. Named module by module, as above.
    files: ['bench/change-tracking/run.ts'],
    rules: {
      '@nx/enforce-module-boundaries': rule({
        allow: [
          '../../apps/scrape-worker/src/change-tracking/change-comparison',
          '../../apps/scrape-worker/src/change-tracking/markdown-diff',
        ],
      }),
    },
  },
  {
    // The fourth exception: the filter-lists benchmark loads scrape-worker's filter engine from the default lists
    // in-process, to time parsing, the compiled copy and the per-page lookups. Named module by module, as above.
    files: ['bench/filter-lists/run.ts'],
    rules: {
      '@nx/enforce-module-boundaries': rule({
        allow: ['../../apps/scrape-worker/src/browser/ad-blocker', '../../apps/scrape-worker/src/browser/filter-lists'],
      }),
    },
  },
  { files: TEST_FILES, rules: { '@nx/enforce-module-boundaries': rule({ inTests: true }) } },
];

module.exports = { configs, TEST_FILES };
