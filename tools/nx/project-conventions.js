// A local Nx plugin: every project.json gets the same build, lint and test targets and its scope tag from the folder
// it lives in. project.json files then only name a project and its type, and a new project is wired up (targets and
// module boundaries) the moment its project.json exists. Targets a project.json declares itself still win.
const path = require('node:path');

/** `scope:*` from the folder: apps/<name> and bench are their own scope; libs and tools are shared. */
function scopeOf(root) {
  const [top, name] = root.split('/');
  if (top === 'apps') return `scope:${name}`;
  if (top === 'bench') return 'scope:bench';
  return 'scope:shared';
}

/**
 * The command of each target every project gets; `root` is the project root relative to the workspace. Caching,
 * inputs, outputs and build order are in nx.json's targetDefaults, so they hold for targets a project.json declares.
 */
function targetsFor(root) {
  return {
    build: { command: `node tools/nx/build-project.js ${root}` },
    lint: { command: `eslint --max-warnings 0 ${root}` },
    // The path pattern comes first: --selectProjects takes every word after it as a project name. Patterns are
    // regular expressions on absolute paths; the slashes keep `tools` from matching a `tools-something` folder.
    // The integration tier's global setup (servers, migrations) only runs when one of its specs is selected.
    test: { command: `jest /${root}/ --selectProjects unit integration --passWithNoTests` },
  };
}

/** @type {import('nx/src/project-graph/plugins').CreateNodesV2} */
const createNodesV2 = [
  '**/project.json',
  async (configFiles) =>
    configFiles.map((file) => {
      const root = path.posix.dirname(file);
      return [file, { projects: { [root]: { tags: [scopeOf(root)], targets: targetsFor(root) } } }];
    }),
];

module.exports = { createNodesV2, scopeOf, targetsFor };
