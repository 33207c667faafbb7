// ESLint enforces the architecture as well as style: each runtime folder may import only what
// its runtime has (VS Code-style import zones). Dependencies point renderer -> shared <- main.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const electron = { name: 'electron', message: 'Only main/electron and main/preload may import Electron.' };

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
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**', 'main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electron],
          patterns: [{ group: ['**/renderer/**'], message: 'main/ does not import the UI.' }],
        },
      ],
    },
  },
  {
    // The Electron shell and its preload are the only places that may import Electron.
    files: ['main/electron/**/*.ts', 'main/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'main/ does not import the UI.' }] },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}', 'scripts/**', 'test/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
