#!/usr/bin/env node
// Takes the screenshots of a lab's exercise in docs/screenshots/ (the dashboard's grades, and a
// student's window with its task and progress), against the real `tagsim lab --exercise` in
// Debian's chromium, with four students: two run the model answer, one ignores the stuck sensor,
// one does nothing. Run after `npm run build`:
//   node test/e2e/exercise-screenshots.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;
const outDir = `${root}docs/screenshots`;
if (!existsSync(bin) || !existsSync(`${root}dist/renderer/lab/lab.js`)) {
  console.error('exercise screenshots: build first (npm run build)');
  process.exit(1);
}
const results = mkdtempSync(join(tmpdir(), 'tagsim-exercise-shot-'));
const child = spawn(
  process.execPath,
  [
    bin,
    'lab',
    '--stations',
    '4',
    '--port',
    '0',
    '--ui',
    '--time-scale',
    '4',
    '--exercise',
    'Sort by height, and stop on a stuck sensor',
    '--results',
    results,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let out = '';
child.stdout.on('data', (d) => (out += d.toString()));
const deadline = Date.now() + 15_000;
while (!/^Dashboard: \S+$/m.test(out) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const dashboard = /^Dashboard: (\S+)$/m.exec(out)?.[1];
const stations = [...out.matchAll(/^ {2}station \d+: (http:\S+)/gm)].map((m) => m[1]);
if (!dashboard) {
  child.kill('SIGTERM');
  throw new Error(`tagsim lab did not start:\n${out}`);
}

/** The model answer (test/exercise/controllers.ts), over the tag API, scanning every 20 ms. */
async function sortingController(url, watchSensor, until) {
  const call = async (method, path, body) =>
    (await fetch(url + path, { method, body: body && JSON.stringify(body) })).json();
  const tags = await call('GET', '/api/tags');
  const ids = Object.fromEntries(tags.filter((t) => t.kind === 'Input').map((t) => [t.name, t.id]));
  const rising = () => {
    let last = false;
    return (v) => {
      const edge = v && !last;
      last = v;
      return edge;
    };
  };
  const edge = { low: rising(), high: rising(), loaded: rising(), left: rising(), right: rising() };
  const m = { load: false, left: false, right: false, queue: [], stuck: false };
  while (Date.now() < until) {
    const values = Object.fromEntries((await call('GET', '/api/tag/values')).map((v) => [v.id, v.value]));
    const i = (name) => values[ids[name]];
    const low = i('Low sensor') === true;
    const high = i('High sensor') === true;
    const lowRose = edge.low(low);
    const highRose = edge.high(high);
    if (watchSensor) m.stuck = (high && !low) || (highRose && !lowRose) || (m.stuck && high);
    if (lowRose) m.queue.push(high && !m.stuck ? 'high' : 'low');
    if (edge.loaded(i('Loaded') === true) && m.load) {
      m.load = false;
      m[(m.queue.shift() ?? 'low') === 'low' ? 'left' : 'right'] = true;
    }
    for (const side of ['left', 'right']) if (edge[side](i(`At ${side} entry`) === false)) m[side] = false;
    const pallet = i('Pallet sensor') === true;
    if (pallet && !m.load && !m.left && !m.right && !m.stuck) m.load = true;
    await call('PUT', '/api/tag/values/by-name', [
      { name: 'Conveyor entry', value: !m.stuck && (!pallet || m.load) },
      { name: 'Load', value: m.load },
      { name: 'Transf. left', value: m.left },
      { name: 'Transf. right', value: m.right },
      { name: 'Conveyor left', value: true },
      { name: 'Conveyor right', value: true },
      { name: 'Stop light', value: m.stuck },
    ]);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// 19 s of real time at 4x (76 s of exercise time): the model answers are done, graded and passed.
const until = Date.now() + 19_000;
await Promise.all([
  sortingController(stations[0], true, until),
  sortingController(stations[1], true, until),
  sortingController(stations[2], false, until),
]);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(5000);
  await page.goto(dashboard);
  await page.locator('table.grades tbody tr').nth(3).waitFor();
  await page.locator('section.exercise').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1500);
  mkdirSync(outDir, { recursive: true });
  const board = `${outDir}/lab-exercise.png`;
  await page.locator('section.exercise').screenshot({ path: board });
  console.log(`exercise screenshots: ${board.slice(root.length)}`);
  const windowUrl = /^ {2}station 1: [\s\S]*?window: (\S+)$/m.exec(out)?.[1];
  const student = await browser.newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  await student.goto(windowUrl);
  await student.getByRole('region', { name: 'Exercise' }).waitFor();
  await student.waitForTimeout(1000);
  const window = `${outDir}/lab-student-exercise.png`;
  await student.screenshot({ path: window });
  console.log(`exercise screenshots: ${window.slice(root.length)}`);
} finally {
  await browser.close();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(results, { recursive: true, force: true });
}
