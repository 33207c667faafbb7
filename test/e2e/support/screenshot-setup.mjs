// What the screenshot scripts (screenshots.mjs, plant-screenshots.mjs) share: the built tagsim,
// `tagsim serve --ui` started on a free 127.0.0.1 port, and Debian's chromium (playwright-core,
// never a downloaded browser). Every wait is bounded.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

export const root = fileURLToPath(new URL('../../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;

/** Ends the script with a clear message when there is no build to take pictures of. */
export function requireBuild(label) {
  if (!existsSync(bin) || !existsSync(`${root}dist/renderer/app.js`)) {
    console.error(`${label}: build first (npm run build)`);
    process.exit(1);
  }
}

/** Starts `tagsim serve --ui --port 0 ...args`; resolves its child and its UI and API addresses. */
export async function serveUi(args = []) {
  const child = spawn(process.execPath, [bin, 'serve', '--ui', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d.toString()));
  const deadline = Date.now() + 15_000;
  while (!/^UI: \S+$/m.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const uiUrl = /^UI: (\S+)$/m.exec(out)?.[1];
  const apiUrl = /Listening on (\S+)/.exec(out)?.[1];
  if (!uiUrl || !apiUrl) {
    child.kill('SIGTERM');
    throw new Error(`tagsim serve --ui ${args.join(' ')} did not start:\n${out}`);
  }
  return { child, uiUrl, apiUrl };
}

/** Debian's chromium as the browser tests start it. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
}
