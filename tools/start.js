// `npm start`, step one. Runs before node_modules may exist, so it uses nothing but Node itself: install when
// node_modules is missing or older than package-lock.json, build, then hand over to dist/tools/dev/start.js.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1);
const run = (args) => spawnSync(npm, args, { cwd: root, stdio: 'inherit' }).status === 0;

// npm rewrites node_modules/.package-lock.json on every install, so it dates the installed tree.
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!fs.existsSync(path.join(root, 'node_modules')) || mtime(installed) < mtime(path.join(root, 'package-lock.json'))) {
  // As in .ci/run: an npm that finds the lock file short of a platform entry refuses `npm ci`, not `npm install`.
  if (!run(['ci', '--no-audit', '--no-fund']) && !run(['install', '--no-audit', '--no-fund'])) process.exit(1);
  if (fs.existsSync(installed)) fs.utimesSync(installed, new Date(), new Date());
}
if (!run(['run', 'build'])) process.exit(1);

// `npm start -- --replicas 2`: the runner reads its own arguments.
const runner = spawn(
  process.execPath,
  ['-r', './tools/register-paths.js', 'dist/tools/dev/start.js', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// The runner shares the terminal, so Ctrl-C reaches it directly; forwarding covers signals sent to this process
// alone (kill, process managers). The runner treats repeats as one.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => runner.kill(signal));
runner.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
