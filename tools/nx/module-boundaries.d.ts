import type { Linter } from 'eslint';

/** The module-boundary rules as flat-config objects (scope x type constraints, banned packages and Node modules). */
export declare const configs: Linter.Config[];
/** Globs of the spec files of every tier. */
export declare const TEST_FILES: string[];
