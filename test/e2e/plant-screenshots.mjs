#!/usr/bin/env node
// Takes the screenshots of the Plant view in docs/screenshots/plant/ (one per built-in scene, plus
// a dark one) against the real `tagsim serve --ui` in Debian's chromium, each scene's plant run a
// few seconds with its belts on so items are on them. Run after `npm run build`:
//   node test/e2e/plant-screenshots.mjs [scene name...]
import { mkdirSync } from 'node:fs';
import { launchChromium, requireBuild, root, serveUi } from './support/screenshot-setup.mjs';

const outDir = `${root}docs/screenshots/plant`;
requireBuild('plant screenshots');
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

/** Turns on every Output that moves something (conveyors, belts, feeders, emitters), as a controller would. */
async function runBelts(apiUrl) {
  const tags = await (await fetch(`${apiUrl}/api/tags`)).json();
  const on = tags
    .filter((t) => t.kind === 'Output' && t.type === 'Bit')
    .filter((t) => /conveyor|belt|feeder|emitter|^load$|entry/i.test(t.name) && !/FACTORY/.test(t.name))
    .map((t) => ({ id: t.id, value: true }));
  if (on.length > 0) await fetch(`${apiUrl}/api/tag/values`, { method: 'PUT', body: JSON.stringify(on) });
  // A tank's inlet open (part open where it is a Float), so its level rises or it pours while the shot waits.
  const valves = tags.filter((t) => t.kind === 'Output' && /fill valve/i.test(t.name));
  if (valves.length > 0)
    await fetch(`${apiUrl}/api/tag/values`, {
      method: 'PUT',
      body: JSON.stringify(valves.map((t) => ({ id: t.id, value: t.type === 'Bit' ? true : 6 }))),
    });
  // The machines on their way: lifts going up, the stacker crane sent to cell 20, gantries out.
  const machines = tags.filter(
    (t) => t.kind === 'Output' && /^(up|left up|right up|move x|target position)$/i.test(t.name),
  );
  if (machines.length > 0)
    await fetch(`${apiUrl}/api/tag/values`, {
      method: 'PUT',
      body: JSON.stringify(machines.map((t) => ({ id: t.id, value: t.type === 'Bit' ? true : 20 }))),
    });
  const lights = tags.filter((t) => t.kind === 'Output' && /start light/i.test(t.name));
  if (lights.length > 0)
    await fetch(`${apiUrl}/api/tag/values`, {
      method: 'PUT',
      body: JSON.stringify(lights.map((t) => ({ id: t.id, value: true }))),
    });
}

const browser = await launchChromium();
mkdirSync(outDir, { recursive: true });
try {
  for (const scene of scenes) {
    const { child, uiUrl, apiUrl } = await serveUi(['--scene', scene]);
    try {
      await runBelts(apiUrl);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
      // Generous: the build machine is shared, and a start under load takes its time.
      page.setDefaultTimeout(20_000);
      await page.goto(uiUrl);
      // The scene first: the view's open state is the scene's, so a click before it comes is lost.
      await page.locator('.tag-row').first().waitFor();
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
        // The smallest window the view is laid out for: 1024 x 768, the control panel in view.
        await page.emulateMedia({ colorScheme: 'light' });
        await page.setViewportSize({ width: 1024, height: 768 });
        await page.mouse.move(0, 767);
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
