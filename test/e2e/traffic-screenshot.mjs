#!/usr/bin/env node
// Takes docs/screenshots/traffic.png: the Traffic view of the real `tagsim serve --ui --clock
// virtual` in Debian's chromium (headless), after a short lesson's worth of client requests (a
// write with an item error, a refused write, a request that chaos failed). Run after
// `npm run build`:
//   node test/e2e/traffic-screenshot.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;
const outDir = `${root}docs/screenshots`;
if (!existsSync(bin) || !existsSync(`${root}dist/renderer/app.js`)) {
  console.error('traffic-screenshot: build first (npm run build)');
  process.exit(1);
}

const chaosFile = join(mkdtempSync(join(tmpdir(), 'tagsim-chaos-')), 'flaky.json');
writeFileSync(
  chaosFile,
  JSON.stringify({
    rules: [
      { method: 'GET', path: '/api/tag/values', status: 503, times: 1 },
      { method: 'PUT', path: '/api/tag/values*', probability: 0.1, latencyMs: [50, 200] },
    ],
  }),
);
const child = spawn(
  process.execPath,
  [bin, 'serve', '--ui', '--port', '0', '--clock', 'virtual', '--chaos', chaosFile],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let out = '';
child.stdout.on('data', (d) => (out += d.toString()));
const deadline = Date.now() + 15_000;
while (!/^UI: \S+$/m.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const uiUrl = /^UI: (\S+)$/m.exec(out)?.[1];
const apiUrl = /Listening on (\S+)/.exec(out)?.[1];
if (!uiUrl || !apiUrl) {
  child.kill('SIGTERM');
  throw new Error(`tagsim serve --ui did not start:\n${out}`);
}

async function send(method, path, body) {
  const res = await fetch(`${apiUrl}${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
  await res.arrayBuffer();
}

// What a student's program sends in its first seconds.
await send('GET', '/api/tags');
await send('GET', '/api/tag/values');
await send('PUT', '/api/tag/values/by-name', [
  { name: 'Conveyor entry', value: true },
  { name: 'Conveyer exit', value: true },
]);
await send('PUT', '/api/tag/values', [{ id: 'not-an-id', value: 'on' }]);
await send('PUT', '/api/tag/values', { id: 'x' });
await send('GET', '/api/tag/values');
await send('POST', '/tagsim/v1/clock/advance', { ms: 12_340 });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(5000);
  await page.goto(uiUrl);
  await page.getByRole('button', { name: 'Traffic' }).click();
  const traffic = page.getByRole('region', { name: 'Traffic' });
  await traffic.getByRole('button', { name: /: PUT \/api\/tag\/values\/by-name$/ }).click();
  await page.getByRole('region', { name: 'Request details' }).waitFor();
  await page.getByRole('list', { name: 'Chaos rules' }).waitFor();
  await page.mouse.move(0, 719);
  await page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: `${outDir}/traffic.png` });
  console.log('traffic-screenshot: docs/screenshots/traffic.png');
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
