import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './tools/nx/module-boundaries.js';

// Module boundaries (scope x type tags, banned packages) live in tools/nx/module-boundaries.js.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'tmp/**', '.nx/**', '.data/**', '**/__fixtures__/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ...moduleBoundaries.configs,
  {
    files: moduleBoundaries.TEST_FILES,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
      },
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
              ? [
                  {
                    regex: readings,
                    message: 'scraping core: heuristics/ may not import the readings of main-content/.',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
);
