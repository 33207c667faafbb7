#!/usr/bin/env node
// Takes the screenshots of the window in docs/screenshots/ (light and dark, the scene editor and
// its behaviours, the Traffic view),
// against the real `tagsim serve --ui` in Debian's chromium. Run after `npm run build`:
//   node test/e2e/screenshots.mjs
import { mkdirSync } from 'node:fs';
import { launchChromium, requireBuild, root, serveUi } from './support/screenshot-setup.mjs';

const outDir = `${root}docs/screenshots`;
requireBuild('screenshots');
const { child, uiUrl, apiUrl } = await serveUi();

async function put(path, body) {
  const res = await fetch(`${apiUrl}${path}`, { method: 'PUT', body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
}

// A plant in the middle of a lesson: a few values, a forced sensor, a forced counter, two failures.
await put('/api/tag/values/by-name', [
  { name: 'Conveyor entry', value: true },
  { name: 'Load', value: true },
  { name: 'Counter', value: 17 },
  { name: 'FACTORY I/O (Run)', value: true },
]);
await put('/api/tag/values-force/by-name', [
  { name: 'Pallet sensor', value: true },
  { name: 'Counter', value: 42 },
]);
await put('/api/tag/values-alwayson/by-name', [{ name: 'High sensor', value: true }]);
await put('/api/tag/values-alwaysoff/by-name', [{ name: 'Low sensor', value: true }]);

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(5000);
  await page.goto(uiUrl);
  const row = (name) =>
    page.locator('.tag-row').filter({ has: page.locator('.cell.name').getByText(name, { exact: true }) });
  // Rows are drawn a frame after a scroll or a resize: two frames later the view is complete.
  const settled = () =>
    page.evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  await row('Counter').waitFor();
  // Scroll to where the lesson's tags are, from Auto on, so the forced and failed ones are all in
  // view.
  await page.getByRole('grid').evaluate((grid) => {
    const auto = [...grid.querySelectorAll('.tag-row')].find(
      (r) => r.querySelector('.cell.name')?.textContent === 'Auto',
    );
    grid.scrollTop = (Number(auto.getAttribute('aria-rowindex')) - 2) * auto.getBoundingClientRect().height;
  });
  await row('Pallet sensor').waitFor();
  await settled();
  // Pin two quick faults, then select the forced counter and rest the focus on the table.
  for (const name of ['High sensor', 'Low sensor']) {
    await row(name).getByRole('button', { name: 'Pin' }).click();
  }
  await page.locator('.quick-faults .quick-name').nth(1).waitFor();
  await row('Counter').click();
  await page.getByRole('grid').focus();
  await page.mouse.move(0, 719);
  mkdirSync(outDir, { recursive: true });
  // The status bar counts the client that set the plant up once the next stats push arrives.
  await page
    .locator('.statusbar .status-item')
    .filter({ hasText: /^1 client/ })
    .waitFor();
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${outDir}/window-${colorScheme}.png` });
    console.log(`screenshots: docs/screenshots/window-${colorScheme}.png`);
  }
  // The narrowest and the widest window the table is laid out for.
  await page.emulateMedia({ colorScheme: 'light' });
  for (const [width, height] of [
    [1024, 640],
    [2560, 1000],
  ]) {
    await page.setViewportSize({ width, height });
    await page.mouse.move(0, height - 1);
    await settled();
    await page.screenshot({ path: `${outDir}/window-${width}.png` });
    console.log(`screenshots: docs/screenshots/window-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // The scene editor: the counter gets a range, so the scene shows its unsaved marker. The editor
  // shows the scene order, where the counter is near the end; the table keeps it in view.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Edit scene' }).click();
  await row('Counter').click();
  const max = page.locator('.editor-panel').getByLabel('Range max', { exact: true });
  await max.fill('9999');
  await max.press('Enter');
  await page.locator('.scenebar .dirty-mark').waitFor();
  await row('Counter').click();
  await page.mouse.move(0, 719);
  await settled();
  await page.screenshot({ path: `${outDir}/editor.png` });
  console.log('screenshots: docs/screenshots/editor.png');

  // The behaviour editor: the plant of the scene, its entry conveyor open as JSON.
  const panel = page.locator('.editor-panel');
  await panel.getByRole('tab', { name: /^Behaviours/ }).click();
  await panel.getByRole('listbox').getByRole('option').first().click();
  await page.mouse.move(0, 719);
  await settled();
  await page.screenshot({ path: `${outDir}/behaviours.png` });
  console.log('screenshots: docs/screenshots/behaviours.png');

  // The Traffic view after a student's program's first requests: a write with an item error, a
  // refused write, one that chaos failed, one it held.
  await fetch(`${apiUrl}/tagsim/v1/chaos`, {
    method: 'PUT',
    body: JSON.stringify({
      rules: [
        { method: 'GET', path: '/api/tag/values', status: 503, times: 1 },
        { method: 'PUT', path: '/api/tag/values*', probability: 0.1, latencyMs: [50, 200] },
      ],
    }),
  });
  for (const [method, path, body] of [
    ['GET', '/api/tags'],
    ['GET', '/api/tag/values'],
    [
      'PUT',
      '/api/tag/values/by-name',
      [
        { name: 'Conveyor entry', value: true },
        { name: 'Conveyer exit', value: true },
      ],
    ],
    ['PUT', '/api/tag/values', [{ id: 'not-an-id', value: 'on' }]],
    ['PUT', '/api/tag/values', { id: 'x' }],
    ['GET', '/api/tag/values'],
  ]) {
    const res = await fetch(`${apiUrl}${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
    await res.arrayBuffer();
  }
  await page.getByRole('button', { name: 'Edit scene' }).click();
  await page.getByRole('button', { name: 'Traffic' }).click();
  const traffic = page.getByRole('main', { name: 'Traffic' });
  await traffic
    .getByRole('button', { name: /: PUT \/api\/tag\/values\/by-name$/ })
    .first()
    .click();
  await page.getByRole('region', { name: 'Request details' }).waitFor();
  await page.getByRole('list', { name: 'Chaos rules' }).waitFor();
  await page.mouse.move(0, 719);
  await settled();
  await page.screenshot({ path: `${outDir}/traffic.png` });
  console.log('screenshots: docs/screenshots/traffic.png');
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
