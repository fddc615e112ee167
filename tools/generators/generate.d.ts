/** What {@link generate} writes: a repository (with its int-spec) or a NATS request handler (with its use case). */
export interface GenerateOptions {
  kind: 'repository' | 'handler';
  /** Folder name under apps/. */
  app: string;
  /** Folder under the app's src/. */
  feature: string;
  /** File name stem, kebab-case; the feature by default. */
  name?: string;
  /** Workspace root to write under; the repository's by default. */
  root?: string;
}

/** Writes the files into apps/<app>/src/<feature>/ and returns their paths relative to the root. */
export declare function generate(options: GenerateOptions): string[];

/** The manual steps that follow (contract, module registration, migration). */
export declare function nextSteps(kind: GenerateOptions['kind'], options: { app: string; name: string }): string[];
