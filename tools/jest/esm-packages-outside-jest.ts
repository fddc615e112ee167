// jsdom 29 and parse5 8 are ECMAScript modules underneath. Node 20 can require() them, Jest's module loader cannot
// (that needs Node 24.9+), so every unit test gets them through Node's own require, reached through the real process
// object because Jest's sandbox replaces both `module` and `process.getBuiltinModule`.
function requireOutsideJest(id: string): unknown {
  const vm = jest.requireActual<typeof import('node:vm')>('node:vm');
  const realProcess = vm.runInThisContext('process') as NodeJS.Process;
  return realProcess.getBuiltinModule('node:module').createRequire(__filename)(id);
}

jest.mock('jsdom', () => requireOutsideJest('jsdom'));
jest.mock('parse5', () => requireOutsideJest('parse5'));
