import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { generate } from './generate';

const ROOT = path.join(__dirname, '..', '..');

/** Imports (module -> names) and classes (name -> method names) of one generated file. */
function shapeOf(file: string): { imports: Record<string, string[]>; classes: Record<string, string[]> } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const imports: Record<string, string[]> = {};
  const classes: Record<string, string[]> = {};
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const bindings = statement.importClause?.namedBindings;
      imports[statement.moduleSpecifier.text] =
        bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => element.name.text) : [];
    }
    if (ts.isClassDeclaration(statement) && statement.name) {
      classes[statement.name.text] = statement.members
        .filter(ts.isMethodDeclaration)
        .map((method) => method.name.getText(source));
    }
  }
  return { imports, classes };
}

/** Type errors of the files, compiled with the workspace's settings (aliases, strict, decorators). */
function typeErrors(files: string[]): string[] {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  // The workspace's declarations of untyped packages, which `npm run typecheck` sees as well.
  const declarations = fileNames.filter((file) => file.endsWith('.d.ts'));
  const program = ts.createProgram([...files, ...declarations], { ...options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('generate', () => {
  // Inside the workspace (tmp/ is ignored by git and lint), so generated imports resolve as they will in an app.
  const root = path.join(ROOT, 'tmp', `generator-spec-${randomBytes(4).toString('hex')}`);

  beforeAll(() => {
    mkdirSync(path.join(root, 'apps', 'ledger-service', 'src', 'database'), { recursive: true });
    writeFileSync(
      path.join(root, 'apps', 'ledger-service', 'src', 'database', 'ledger-database.ts'),
      'export interface LedgerDatabase {\n  ledger_entries: { id: string; team_id: string; credits: number };\n}\n',
    );
    mkdirSync(path.join(root, 'apps', 'no-tables', 'src'), { recursive: true });
  });

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it("writes a repository on the service's own database type and an int-spec on the medium helpers, both compiling", () => {
    const written = generate({
      kind: 'repository',
      app: 'ledger-service',
      feature: 'ledger',
      name: 'ledger-entries',
      root,
    });

    expect(written).toEqual([
      'apps/ledger-service/src/ledger/ledger-entries.repository.ts',
      'apps/ledger-service/src/ledger/ledger-entries.repository.int-spec.ts',
    ]);
    const [repository, intSpec] = written.map((file) => path.join(root, file)) as [string, string];
    expect(shapeOf(repository)).toEqual({
      imports: { kysely: ['Kysely', 'Selectable'], '../database/ledger-database': ['LedgerDatabase'] },
      classes: { LedgerEntriesRepository: ['find'] },
    });
    expect(shapeOf(intSpec).imports).toEqual({
      'node:crypto': ['randomUUID'],
      '@wh/testing': ['testDatabase'],
      '../database/ledger-database': ['LedgerDatabase'],
      './ledger-entries.repository': ['LedgerEntriesRepository'],
    });
    expect(typeErrors([repository, intSpec])).toEqual([]);
  }, 60_000);

  it('writes a request handler that delegates to a use case with one execute(), compiling against the contracts', () => {
    // api-key-verify has its contract already (Subjects.apiKeyVerify, ApiKeyVerifyRequest, ApiKeyVerifyReply).
    const written = generate({ kind: 'handler', app: 'ledger-service', feature: 'keys', name: 'api-key-verify', root });

    expect(written.map((file) => path.basename(file))).toEqual([
      'api-key-verify.handler.ts',
      'api-key-verify.service.ts',
      'api-key-verify.service.spec.ts',
    ]);
    const [handler, service, spec] = written.map((file) => path.join(root, file)) as [string, string, string];
    expect(shapeOf(handler)).toEqual({
      imports: {
        '@nestjs/common': ['Controller', 'Inject'],
        '@nestjs/microservices': ['MessagePattern', 'Payload'],
        '@wh/contracts': ['ApiKeyVerifyReply', 'ApiKeyVerifyRequest', 'Subjects'],
        '@wh/platform/messaging': ['PreserveRpcErrors'],
        './api-key-verify.service': ['ApiKeyVerifyService'],
      },
      classes: { ApiKeyVerifyHandler: ['handle'] },
    });
    expect(shapeOf(service).classes).toEqual({ ApiKeyVerifyService: ['execute'] });
    expect(shapeOf(spec).imports['./api-key-verify.service']).toEqual(['ApiKeyVerifyService']);
    expect(typeErrors([handler, service, spec])).toEqual([]);
  }, 60_000);

  it('refuses to overwrite, odd names, unknown apps and a repository for an app without tables', () => {
    generate({ kind: 'repository', app: 'ledger-service', feature: 'again', root });

    expect(() => generate({ kind: 'repository', app: 'ledger-service', feature: 'again', root })).toThrow(
      /already there/,
    );
    expect(() => generate({ kind: 'repository', app: 'ledger-service', feature: 'Ledger', root })).toThrow(
      /kebab-case/,
    );
    expect(() => generate({ kind: 'handler', app: 'nowhere', feature: 'ledger', root })).toThrow(
      /no app apps\/nowhere/,
    );
    expect(() => generate({ kind: 'repository', app: 'no-tables', feature: 'ledger', root })).toThrow(
      /no \*Database interface/,
    );
  });
});
