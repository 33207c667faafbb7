#!/usr/bin/env node
// Takes the screenshots of the Plant view in docs/screenshots/plant/ (one per built-in scene, plus
// a dark one) against the real `tagsim serve --ui` in Debian's chromium, each scene's plant run a
// few seconds with its belts on so items are on them. Run after `npm run build`:
//   node test/e2e/plant-screenshots.mjs [scene name...]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;
const outDir = `${root}docs/screenshots/plant`;
if (!existsSync(bin) || !existsSync(`${root}dist/renderer/app.js`)) {
  console.error('plant screenshots: build first (npm run build)');
  process.exit(1);
}
const { BUILTIN_SCENE_NAMES } = await import(`${root}dist/shared/scenes/builtin-scenes.js`);
const wanted = process.argv.slice(2);
const scenes = wanted.length > 0 ? wanted : BUILTIN_SCENE_NAMES;

/** A file name for a scene: "Pick & Place (XYZ)" -> "pick-and-place-xyz". */
const fileName = (scene) =>
  scene
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Starts `tagsim serve --ui` on a free port with this scene; resolves its URLs and the child. */
async function serve(scene) {
  const child = spawn(process.execPath, [bin, 'serve', '--ui', '--port', '0', '--scene', scene], {
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
    throw new Error(`tagsim serve --ui did not start for ${scene}:\n${out}`);
  }
  return { child, uiUrl, apiUrl };
}

/** Turns on every Output that moves something (conveyors, belts, feeders, emitters), as a controller would. */
async function runBelts(apiUrl) {
  const tags = await (await fetch(`${apiUrl}/api/tags`)).json();
  const on = tags
    .filter((t) => t.kind === 'Output' && t.type === 'Bit')
    .filter((t) => /conveyor|belt|feeder|emitter|^load$|entry/i.test(t.name) && !/FACTORY/.test(t.name))
    .map((t) => ({ id: t.id, value: true }));
  if (on.length > 0) await fetch(`${apiUrl}/api/tag/values`, { method: 'PUT', body: JSON.stringify(on) });
  // A tank's inlet part open, so its level rises while the shot waits.
  const valves = tags.filter((t) => t.kind === 'Output' && t.type === 'Float' && /fill valve/i.test(t.name));
  if (valves.length > 0)
    await fetch(`${apiUrl}/api/tag/values`, {
      method: 'PUT',
      body: JSON.stringify(valves.map((t) => ({ id: t.id, value: 6 }))),
    });
  const lights = tags.filter((t) => t.kind === 'Output' && /start light/i.test(t.name));
  if (lights.length > 0)
    await fetch(`${apiUrl}/api/tag/values`, {
      method: 'PUT',
      body: JSON.stringify(lights.map((t) => ({ id: t.id, value: true }))),
    });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
mkdirSync(outDir, { recursive: true });
try {
  for (const scene of scenes) {
    const { child, uiUrl, apiUrl } = await serve(scene);
    try {
      await runBelts(apiUrl);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
      page.setDefaultTimeout(8000);
      await page.goto(uiUrl);
      await page.getByRole('button', { name: 'Plant' }).click();
      await page.locator('.plant-view').waitFor();
      // Let items come down the belts.
      await page.waitForTimeout(Number(process.env.PLANT_SHOT_WAIT_MS ?? 6000));
      await page.mouse.move(0, 899);
      const name = fileName(scene);
      await page.screenshot({ path: `${outDir}/${name}.png` });
      console.log(`plant screenshots: docs/screenshots/plant/${name}.png`);
      if (scene === 'Sorting by Height (Basic)') {
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.screenshot({ path: `${outDir}/${name}-dark.png` });
        console.log(`plant screenshots: docs/screenshots/plant/${name}-dark.png`);
        // The narrowest window the view is laid out for.
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize({ width: 1024, height: 700 });
        await page.mouse.move(0, 699);
        await page.screenshot({ path: `${outDir}/${name}-1024.png` });
        console.log(`plant screenshots: docs/screenshots/plant/${name}-1024.png`);
      }
      await page.close();
    } finally {
      child.kill('SIGTERM');
    }
  }
} finally {
  await browser.close();
}
