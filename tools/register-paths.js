// Compiled services import libraries by their tsconfig alias (@wh/...); this maps each alias to the
// compiled file under dist/ so `node -r tools/register-paths.js dist/apps/<svc>/src/main.js` runs as built.
const path = require('node:path');
const tsconfigPaths = require('tsconfig-paths');
const base = require('../tsconfig.base.json');

const paths = {};
for (const [alias, targets] of Object.entries(base.compilerOptions.paths)) {
  paths[alias] = targets.map((target) => target.replace(/\.ts$/, ''));
}
tsconfigPaths.register({ baseUrl: path.join(__dirname, '..', 'dist'), paths });
