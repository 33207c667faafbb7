#!/usr/bin/env node
// Takes the screenshots of the lab's dashboard in docs/screenshots/ (light and dark), against
// the real `tagsim lab` in Debian's chromium. Run after `npm run build`:
//   node test/e2e/lab-screenshots.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}dist/main/cli/main.js`;
const outDir = `${root}docs/screenshots`;
if (!existsSync(bin) || !existsSync(`${root}dist/renderer/lab/lab.js`)) {
  console.error('lab screenshots: build first (npm run build)');
  process.exit(1);
}

// Six benches; a schedule that kills a sensor on one of them at random a moment after the start.
const schedule = join(tmpdir(), `tagsim-lab-shot-${process.pid}.json`);
writeFileSync(
  schedule,
  JSON.stringify({
    faults: [
      {
        name: 'Dead low sensor',
        at: 500,
        pick: 'one',
        stations: [1, 2, 3],
        fault: { tag: 'Low sensor', kind: 'alwaysOff', hidden: true },
      },
      {
        name: 'Stuck entry conveyor',
        at: 600000,
        stations: [4],
        fault: { tag: 'Conveyor entry', kind: 'force', value: false },
      },
    ],
  }),
);
const scenes = [
  'Sorting by Height (Basic)',
  'Sorting by Height (Basic)',
  'Sorting by Height (Basic)',
  'Sorting by Height (Basic)',
  'Filling Tank',
  'Filling Tank',
];
const child = spawn(
  process.execPath,
  [
    bin,
    'lab',
    '--stations',
    '6',
    '--port',
    '0',
    '--ui',
    // Each station's Modbus server, as a lab of PLCs has it (free ports, shown on the dashboard).
    '--modbus',
    '0',
    '--schedule',
    schedule,
    ...scenes.flatMap((s) => ['--scene', s]),
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
const token = new URL(dashboard).searchParams.get('token');
const base = new URL(dashboard).origin;

async function act(action) {
  const res = await fetch(`${base}/api/actions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: JSON.stringify(action),
  });
  if (res.status !== 200) throw new Error(`${JSON.stringify(action)}: ${res.status}`);
}
const put = (station, path, body) =>
  fetch(`${stations[station - 1]}${path}`, { method: 'PUT', body: JSON.stringify(body) });

// The instructor's faults, one hidden; students' clients at work, one refused a few times.
await act({
  action: 'applyFault',
  stations: [2, 3],
  fault: { tag: 'High sensor', kind: 'alwaysOn', hidden: true },
});
await act({
  action: 'applyFault',
  stations: [5],
  fault: { tag: 'Discharge valve', kind: 'force', value: true },
});
await act({
  action: 'applyFault',
  stations: [4],
  fault: { tag: 'Load', kind: 'force', value: true, hidden: true, locked: true },
});
await act({ action: 'pause', stations: [6] });
for (const station of [1, 2, 3, 4])
  await put(station, '/api/tag/values/by-name', [{ name: 'Conveyor entry', value: true }]);
await put(5, '/api/tag/values/by-name', [{ name: 'Fill valve', value: true }]);
await put(3, '/api/tag/values/by-name', [
  { name: 'High sensor', value: true },
  { name: 'Conveyor  entry', value: true },
]);
await put(3, '/api/tag/values/by-name', [{ name: 'Low sensor', value: true }]);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, deviceScaleFactor: 1 });
  page.setDefaultTimeout(5000);
  await page.goto(dashboard);
  await page.locator('table.stations tbody tr').nth(5).waitFor();
  await page.getByRole('checkbox', { name: 'Select station 2' }).check();
  await page.getByRole('checkbox', { name: 'Select station 3' }).check();
  await page.getByRole('button', { name: 'Tags' }).nth(2).click();
  await page.locator('.station-tags tbody tr').first().waitFor();
  await page.mouse.move(0, 859);
  mkdirSync(outDir, { recursive: true });
  for (const colorScheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(1500); // a poll or two, and the theme settled
    const path = `${outDir}/lab-dashboard${colorScheme === 'dark' ? '-dark' : ''}.png`;
    await page.screenshot({ path });
    console.log(`lab screenshots: ${path.slice(root.length)}`);
  }
  // Station 2's student window: a student's window, its hidden fault nowhere to be seen.
  const windowUrl = /^ {2}station 2: [\s\S]*?window: (\S+)$/m.exec(out)?.[1];
  const student = await browser.newPage({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  await student.emulateMedia({ colorScheme: 'light' });
  await student.goto(windowUrl);
  await student.getByText('controls set by the instructor').waitFor();
  await student.waitForTimeout(1000);
  const path = `${outDir}/lab-student-window.png`;
  await student.screenshot({ path });
  console.log(`lab screenshots: ${path.slice(root.length)}`);
} finally {
  await browser.close();
  child.kill('SIGTERM');
}
