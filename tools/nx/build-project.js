// `nx run <project>:build`: compiles the files tsconfig.build.json takes from one project into dist/, exactly where
// `npm run build` puts them. The libraries it imports are type-checked, not emitted: their own build targets (which
// build depends on) emit them, so each project writes only its own folder of dist/.
const path = require('node:path');
const ts = require('typescript');

const workspaceRoot = path.join(__dirname, '..', '..');
const projectRoot = process.argv[2];
if (!projectRoot) {
  process.stderr.write('usage: node tools/nx/build-project.js <project root>\n');
  process.exit(2);
}

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const config = ts.getParsedCommandLineOfConfigFile(path.join(workspaceRoot, 'tsconfig.build.json'), {}, host);
const prefix = path.join(workspaceRoot, projectRoot) + path.sep;
const rootNames = config.fileNames.filter((file) => path.resolve(file).startsWith(prefix));
// Many projects build at once: a shared incremental build-info file would be overwritten by each of them.
const program = ts.createProgram({
  rootNames,
  options: { ...config.options, incremental: false, tsBuildInfoFile: undefined },
});

const diagnostics = [...ts.getPreEmitDiagnostics(program)];
for (const file of rootNames) diagnostics.push(...program.emit(program.getSourceFile(file)).diagnostics);
if (diagnostics.length > 0) {
  const formatHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => workspaceRoot,
    getNewLine: () => '\n',
  };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  process.exit(1);
}
process.stdout.write(`built ${rootNames.length} files of ${projectRoot} into dist/${projectRoot}\n`);
