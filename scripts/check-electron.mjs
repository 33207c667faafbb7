#!/usr/bin/env node
// `npm start` runs this before `electron .`: when the Electron binary is missing (an install with
// ELECTRON_SKIP_BINARY_DOWNLOAD=1, as README's quick start does), electron's own message is
// "Electron failed to install correctly, please delete node_modules/electron and try installing
// again", which sends a new user round the same install. Say what is missing and the one command
// that fetches it. The lookup is the one electron's index.js makes (path.txt, then dist/ or
// ELECTRON_OVERRIDE_DIST_PATH).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
let electronDir;
try {
  electronDir = dirname(require.resolve('electron/package.json'));
} catch {
  console.error('The electron package is not installed: run `npm ci` first.');
  process.exit(1);
}

const pathFile = join(electronDir, 'path.txt');
const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : undefined;
const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const binary = override
  ? join(override, executable ?? 'electron')
  : executable && join(electronDir, 'dist', executable);
if (binary && existsSync(binary)) process.exit(0);

const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'));
const lines = [
  `The Electron ${version} binary is not installed (an install with ELECTRON_SKIP_BINARY_DOWNLOAD=1 skips it).`,
  'Fetch it once (from GitHub, or from ELECTRON_MIRROR), then run `npm start` again:',
  '',
  '  node node_modules/electron/install.js',
  '',
];
if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  lines.push(
    'ELECTRON_SKIP_BINARY_DOWNLOAD is set in this shell, and install.js does nothing while it is: unset it',
    'first (`unset ELECTRON_SKIP_BINARY_DOWNLOAD`; in cmd `set ELECTRON_SKIP_BINARY_DOWNLOAD=`).',
  );
}
if (override) lines.push(`ELECTRON_OVERRIDE_DIST_PATH is set, and ${binary} does not exist.`);
console.error(lines.join('\n'));
process.exit(1);
