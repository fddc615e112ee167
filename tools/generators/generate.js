// `npm run generate -- <kind> <app> <feature> [name]`: writes the files of a new repository or NATS request handler
// in the house style (see tools/README.md). Plain Node, so it runs before anything is built.
const fs = require('node:fs');
const path = require('node:path');

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const pascal = (kebab) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, letter) => letter.toUpperCase());
const camel = (kebab) => pascal(kebab).replace(/^./, (letter) => letter.toLowerCase());
const snake = (kebab) => kebab.replace(/-/g, '_');

/** The service's own database interface (`export interface XDatabase`) and the file declaring it. */
function findDatabaseInterface(appSrc) {
  const folder = path.join(appSrc, 'database');
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.ts'))
        .sort()
    : [];
  for (const file of files) {
    const match = /export interface (\w+Database)\b/.exec(fs.readFileSync(path.join(folder, file), 'utf8'));
    if (match)
      return { name: match[1], file: path.join(folder, file), importPath: `../database/${file.replace(/\.ts$/, '')}` };
  }
  throw new Error(
    `${path.relative(process.cwd(), folder)} declares no *Database interface: a repository needs the service's tables`,
  );
}

function repositoryFiles({ name, appSrc }) {
  const Repository = `${pascal(name)}Repository`;
  const table = snake(name);
  const database = findDatabaseInterface(appSrc);
  const repository = `import type { Kysely, Selectable } from 'kysely';
import type { ${database.name} } from '${database.importPath}';

export type ${pascal(name)}Row = Selectable<${database.name}['${table}']>;

/** Owns table \`${table}\`. TODO: what a row is, and who writes and reads it. */
export class ${Repository} {
  constructor(private readonly db: Kysely<${database.name}>) {}

  /** One of the team's rows; the team id is a required argument of every query on team data. */
  async find(teamId: string, id: string): Promise<${pascal(name)}Row | undefined> {
    return this.db.selectFrom('${table}').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
  }
}
`;
  const intSpec = `import { randomUUID } from 'node:crypto';
import { testDatabase } from '@wh/testing';
import type { ${database.name} } from '${database.importPath}';
import { ${Repository} } from './${name}.repository';

describe('${Repository}', () => {
  const database = testDatabase<${database.name}>();
  let repository: ${Repository};

  beforeAll(() => {
    repository = new ${Repository}(database.db);
  });

  it('finds nothing for a team that has no rows', async () => {
    expect(await repository.find(randomUUID(), randomUUID())).toBeUndefined();
  });

  it.todo("never hands one team another team's rows");
  it.todo('stores a redelivered write once (on conflict do nothing / do update)');
});
`;
  return [
    { file: `${name}.repository.ts`, content: repository },
    { file: `${name}.repository.int-spec.ts`, content: intSpec },
  ];
}

function handlerFiles({ name }) {
  const Name = pascal(name);
  const subject = camel(name);
  const handler = `import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ${Name}Reply, ${Name}Request, Subjects } from '@wh/contracts';
import { PreserveRpcErrors } from '@wh/platform/messaging';
import { ${Name}Service } from './${name}.service';

/** Answers \`Subjects.${subject}\` in the service's queue group; the decisions are in ${Name}Service. */
@Controller()
@PreserveRpcErrors()
export class ${Name}Handler {
  constructor(@Inject(${Name}Service) private readonly ${camel(name)}: ${Name}Service) {}

  @MessagePattern(Subjects.${subject})
  async handle(@Payload() request: ${Name}Request): Promise<${Name}Reply> {
    return this.${camel(name)}.execute(request);
  }
}
`;
  const service = `import { Injectable } from '@nestjs/common';
import { ErrorCode, type ${Name}Reply, type ${Name}Request } from '@wh/contracts';
import { DomainError } from '@wh/platform/errors';

/** One use case. TODO: what it decides. It takes repositories (injected), never Kysely or NATS directly. */
@Injectable()
export class ${Name}Service {
  async execute(_request: ${Name}Request): Promise<${Name}Reply> {
    throw new DomainError(ErrorCode.Internal, '${name} is not implemented yet');
  }
}
`;
  const spec = `import { ErrorCode, type ${Name}Request } from '@wh/contracts';
import { ${Name}Service } from './${name}.service';

describe('${Name}Service', () => {
  it('fails with a coded error until it is written', async () => {
    await expect(new ${Name}Service().execute({} as ${Name}Request)).rejects.toMatchObject({ code: ErrorCode.Internal });
  });

  it.todo('decides ... (with mocked repositories)');
});
`;
  return [
    { file: `${name}.handler.ts`, content: handler },
    { file: `${name}.service.ts`, content: service },
    { file: `${name}.service.spec.ts`, content: spec },
  ];
}

const KINDS = { repository: repositoryFiles, handler: handlerFiles };

/** What to do by hand after generating, printed by the command line. */
function nextSteps(kind, { app, name }) {
  const Name = pascal(name);
  if (kind === 'repository') {
    return [
      `a migration in libs/platform/database/migrations creating table ${snake(name)} (id, team_id, ...), and the table in the service's database interface`,
      `{ provide: ${Name}Repository, inject: [DATABASE], useFactory: (db) => new ${Name}Repository(db) } in apps/${app}'s module`,
      'npx jest --selectProjects integration ' + `apps/${app}`,
    ];
  }
  return [
    `Subjects.${camel(name)} ('<domain>.<entity>.<verb>'), ${Name}Request (class-validator) and ${Name}Reply in libs/contracts, and the subject in RequestPayloads`,
    `${Name}Handler in the controllers and ${Name}Service in the providers of apps/${app}'s module`,
  ];
}

/**
 * Writes the files of one generated unit into apps/<app>/src/<feature>/ under `root`; refuses to overwrite.
 * @returns the paths written, relative to `root`
 */
function generate({ kind, app, feature, name = feature, root = path.join(__dirname, '..', '..') }) {
  const files = KINDS[kind];
  if (!files) throw new Error(`unknown kind "${kind}": one of ${Object.keys(KINDS).join(', ')}`);
  for (const [label, value] of Object.entries({ app, feature, name })) {
    if (!value || !KEBAB.test(value)) throw new Error(`${label} must be kebab-case, got "${value ?? ''}"`);
  }
  const appSrc = path.join(root, 'apps', app, 'src');
  if (!fs.existsSync(appSrc)) throw new Error(`no app apps/${app}`);
  const folder = path.join(appSrc, feature);
  const planned = files({ name, appSrc }).map(({ file, content }) => ({ target: path.join(folder, file), content }));
  const existing = planned.filter(({ target }) => fs.existsSync(target));
  if (existing.length > 0)
    throw new Error(`already there: ${existing.map(({ target }) => path.relative(root, target)).join(', ')}`);
  fs.mkdirSync(folder, { recursive: true });
  for (const { target, content } of planned) fs.writeFileSync(target, content);
  return planned.map(({ target }) => path.relative(root, target));
}

module.exports = { generate, nextSteps };

if (require.main === module) {
  const [kind, app, feature, name] = process.argv.slice(2);
  try {
    const written = generate({ kind, app, feature, name });
    process.stdout.write(`wrote\n${written.map((file) => `  ${file}\n`).join('')}then add\n`);
    process.stdout.write(
      nextSteps(kind, { app, name: name ?? feature })
        .map((step) => `  - ${step}\n`)
        .join(''),
    );
  } catch (error) {
    process.stderr.write(`${error.message}\nusage: npm run generate -- <repository|handler> <app> <feature> [name]\n`);
    process.exit(1);
  }
}
