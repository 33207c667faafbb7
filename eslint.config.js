// ESLint enforces the architecture as well as style: each runtime folder may import only what
// its runtime has (VS Code-style import zones). Dependencies point renderer -> shared <- main.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electron = { name: 'electron', message: 'Only main/electron and main/preload may import Electron.' };

/**
 * main/'s folders from the top floor down (docs/architecture.md, "The Node side"). A folder may
 * import the floors below its own; an import up or sideways is an error.
 */
const MAIN_FLOORS = [
  ['cli'],
  ['electron', 'lab'],
  ['exercise'],
  ['compose'],
  ['control'],
  ['ui-host'],
  ['runtime'],
  ['modbus', 'settings', 'opcua'],
  ['server', 'storage', 'preload', 'drivers'],
  ['journal'],
  ['net'],
];

/**
 * shared/'s folders from the top floor down (docs/architecture.md, "The core's modules"): the
 * window's flows over the bridge, the bridge (which carries every domain's types), then the
 * domains, the tag engine and the problems at the bottom.
 */
const SHARED_FLOORS = [
  ['window'],
  ['bridge'],
  ['exercise'],
  ['scenario'],
  ['scenes'],
  ['plant', 'api', 'lab'],
  ['sim', 'modbus'],
  ['conditions', 'drivers'],
  ['schema'],
  ['core', 'problems'],
];

/**
 * renderer/'s folders from the top floor down (docs/architecture.md, "The window's modules"): the
 * two pages (the window's app, the lab dashboard), the Plant view, the components, the hooks they
 * share, the state beside the small DOM helpers (ui/), and the ways to reach a TagSim. renderer/main.tsx, the window's entry, stands above them all.
 */
const RENDERER_FLOORS = [
  ['app', 'lab'],
  ['plant'],
  ['components'],
  ['hooks'],
  ['state', 'ui'],
  ['transport', 'boot'],
];

/** What shared/ may not import: it is runtime-free and imports only shared/. */
const SHARED_IMPORTS = {
  paths: [electron, 'koa', '@koa/router', 'koa-bodyparser', 'preact'],
  patterns: [
    { group: ['node:*'], message: 'shared/ is runtime-free: no Node modules.' },
    { group: ['**/main/**', '**/renderer/**'], message: 'shared/ imports only shared/.' },
  ],
};

/** What the renderer may not import: it runs in a sandboxed page and reaches main by the bridge. */
const RENDERER_IMPORTS = {
  paths: [electron, 'koa', '@koa/router', 'koa-bodyparser'],
  patterns: [
    { group: ['node:*'], message: 'The renderer runs in a sandboxed page: no Node modules.' },
    { group: ['**/main/**'], message: 'The renderer reaches main only through the bridge.' },
  ],
};

/**
 * One config per folder of `root` (main, shared, renderer): the folder keeps what its runtime
 * forbids (`restrict(folder)`) and may import only the floors below its own; an import up or
 * sideways is an error that names the floors' list.
 */
function floorRules(root, floors, listName, extensions, restrict) {
  return floors.flatMap((floor, level) =>
    floor.map((folder) => {
      const above = floors
        .slice(0, level + 1)
        .flat()
        .filter((other) => other !== folder);
      const { paths, patterns } = restrict(folder);
      const upward = {
        regex: `^(\\.\\./)+(${above.join('|')})/`,
        message: `${root}/${folder} imports only the floors below it (${listName} in eslint.config.js).`,
      };
      return {
        files: [`${root}/${folder}/**/*.${extensions}`],
        rules: {
          'no-restricted-imports': [
            'error',
            { paths, patterns: above.length > 0 ? [...patterns, upward] : patterns },
          ],
        },
      };
    }),
  );
}

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { paths: [electron] }],
    },
  },
  { files: ['shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', SHARED_IMPORTS] } },
  { files: ['renderer/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', RENDERER_IMPORTS] } },
  // Each side runs downhill: a folder imports only the floors below it, never one above or beside.
  // In main/ the composition root (app/) sits above the services it composes, the hosts above it.
  ...floorRules('main', MAIN_FLOORS, 'MAIN_FLOORS', 'ts', (folder) => ({
    paths: folder === 'electron' || folder === 'preload' ? [] : [electron],
    patterns: [{ group: ['**/renderer/**'], message: 'main/ does not import the UI.' }],
  })),
  ...floorRules('shared', SHARED_FLOORS, 'SHARED_FLOORS', 'ts', () => SHARED_IMPORTS),
  ...floorRules('renderer', RENDERER_FLOORS, 'RENDERER_FLOORS', '{ts,tsx}', () => RENDERER_IMPORTS),
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
