import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tmp/**', '.data/**', '**/__fixtures__/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@nx': nx },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'type:contracts'] },
            { sourceTag: 'type:scraping', onlyDependOnLibsWithTags: ['type:scraping'] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:tooling'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contracts', 'type:platform', 'type:scraping'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:contracts', 'type:platform'] },
            { sourceTag: 'scope:api-gateway', notDependOnLibsWithTags: ['type:app'] },
          ],
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Unit and integration tests may use the shared fixture sites and helpers.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'bench/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', { enforceBuildableLibDependency: false, allow: ['@wh/testing'] }],
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { ...tseslint.configs.disableTypeChecked.rules, '@typescript-eslint/no-require-imports': 'off' },
  },
  // scraping core: stage import direction
  // libs/scraping/core/src holds one folder per pipeline stage (see its README). A stage imports only from the stages
  // above it in this list, and main-content/heuristics/ (one rule each) not from the readings in main-content/ that
  // apply them. Specs are left out: they may drive the whole pipeline through convert/ to test one stage's rule.
  ...[
    ['scan', 'metadata|strip|dom|main-content|markdown|convert'],
    ['metadata', 'strip|dom|main-content|markdown|convert'],
    ['strip', 'dom|main-content|markdown|convert'],
    ['dom', 'main-content|markdown|convert'],
    ['main-content', 'markdown|convert'],
    ['main-content/heuristics', 'markdown|convert', '^\\.\\./[^./][^/]*$'],
    ['markdown', 'convert'],
  ].map(([folder, later, readings]) => ({
    files: [`libs/scraping/core/src/${folder}/**/*.ts`],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${later})(/|$)`,
              message: `scraping core: ${folder}/ may not import from a later stage (${later.replaceAll('|', ', ')}).`,
            },
            ...(readings
              ? [{ regex: readings, message: 'scraping core: heuristics/ may not import the readings of main-content/.' }]
              : []),
          ],
        },
      ],
    },
  })),
);
