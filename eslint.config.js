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
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, 'koa', '@koa/router', 'koa-bodyparser', 'preact'],
          patterns: [
            { group: ['node:*'], message: 'shared/ is runtime-free: no Node modules.' },
            { group: ['**/main/**', '**/renderer/**'], message: 'shared/ imports only shared/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron, 'koa', '@koa/router', 'koa-bodyparser'],
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a sandboxed page: no Node modules.' },
            { group: ['**/main/**'], message: 'The renderer reaches main only through the bridge.' },
          ],
        },
      ],
    },
  },
  // main/ runs downhill: each folder imports only the floors below it, never one above or beside.
  // The composition root (app/) sits above the services it composes; the hosts above it.
  ...MAIN_FLOORS.flatMap((floor, level) =>
    floor.map((folder) => {
      const electronAllowed = folder === 'electron' || folder === 'preload';
      const above = MAIN_FLOORS.slice(0, level + 1)
        .flat()
        .filter((other) => other !== folder);
      return {
        files: [`main/${folder}/**/*.ts`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: electronAllowed ? [] : [electron],
              patterns: [
                { group: ['**/renderer/**'], message: 'main/ does not import the UI.' },
                {
                  regex: `^(\\.\\./)+(${above.join('|')})/`,
                  message: `main/${folder} imports only the floors below it (MAIN_FLOORS in eslint.config.js).`,
                },
              ],
            },
          ],
        },
      };
    }),
  ),
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
