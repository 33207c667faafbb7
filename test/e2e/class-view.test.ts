// The class view (`tagsim class`, docs/deploy.md) in Debian's chromium: the dashboard's own page
// over a lab and a lab that is down. It names the lab that does not answer, leaves out what is
// each lab's own (fault logs, schedules), and drives the stations of the lab that answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classViewRoutes, type ClassLab } from '../../main/lab/class-view.js';
import { dashboardPageDir, startDashboardServer } from '../../main/lab/dashboard-server.js';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import { labClient } from '../../main/lab/lab-client.js';
import type { Dashboard } from '../../main/lab/lab-types.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { RENDERER_DIR, startTestLab } from '../lab/support.js';
import { openBrowser, poll, type TestBrowser } from './support/tagsim-ui.js';

let lab: Lab;
let view: Dashboard;
let graded: Lab;
let gradedView: Dashboard;
const dir = mkdtempSync(join(tmpdir(), 'tagsim-class-e2e-'));
let b: TestBrowser;

/** The class view's page and API over these labs, as `tagsim class` serves them. */
function classView(labs: ClassLab[]): Promise<Dashboard> {
  return startDashboardServer({
    host: '127.0.0.1',
    port: 0,
    pageDir: dashboardPageDir(RENDERER_DIR),
    routes: classViewRoutes(labs),
    stations: labs.reduce((sum, l) => sum + l.stations, 0),
    onError: (error) => {
      throw error;
    },
  });
}

beforeAll(async () => {
  lab = await startTestLab({ stations: [{ label: 'Seat 1' }, { label: 'Seat 2' }] });
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const downUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const url = lab.dashboard!.url;
  view = await classView([
    { name: 'room-1', url, stations: 2, client: labClient(url, lab.dashboard!.token) },
    { name: 'room-2', url: downUrl, stations: 3, client: labClient(downUrl, 'a-token-for-nobody-1234') },
  ]);
  // A lab whose two stations run an exercise: one criterion met at once, one never.
  const exercise = join(dir, 'start.tagsim-exercise.json');
  writeFileSync(
    exercise,
    JSON.stringify({
      format: 'tagsim-exercise',
      version: 1,
      name: 'Start it',
      task: 'Start the belt.',
      scene: 'From A to B (Set and Reset)',
      timeLimitMs: 600_000,
      passMark: 10,
      criteria: [
        { name: 'Starts', points: 10, reach: { always: true } },
        { name: 'Box at B', points: 5, reach: { items: { exit: 'belt' }, ge: 99 } },
      ],
    }),
  );
  graded = await startTestLab({
    stations: [{ label: 'Seat 1' }, { label: 'Seat 2' }],
    simulation: { startRunning: true },
    exercise: { setup: await loadExercise(exercise), folder: dir },
  });
  const gradedUrl = graded.dashboard!.url;
  gradedView = await classView([
    { name: 'room-3', url: gradedUrl, stations: 2, client: labClient(gradedUrl, graded.dashboard!.token) },
  ]);
  b = await openBrowser({ width: 1400, height: 700 });
}, 30_000);
afterAll(async () => {
  await b?.close();
  await Promise.all([view?.close(), gradedView?.close()]);
  await Promise.all([lab?.close(), graded?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('the class view in a browser', () => {
  it('names the lab that is down, shows only what it can drive, and runs the stations of the other', async () => {
    const { page } = b;
    await page.goto(view.openUrl);
    await page.getByRole('heading', { name: 'TagSim class' }).waitFor();
    await page.getByText('room-1 · Seat 2').waitFor();
    expect(await page.locator('table.grades').count()).toBe(0);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /^room-2 \(stations 3-5\): cannot reach it \(ECONNREFUSED at 127\.0\.0\.1:\d+\)$/,
    );
    expect(await page.getByRole('button', { name: /^Fault log/ }).count()).toBe(0);
    expect(await page.getByText('Start a fault schedule').count()).toBe(0);

    await page.getByRole('checkbox', { name: 'Select station 2' }).check();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => lab.stations.map((s) => s.tagsim.simulation.status.state)).toEqual([
      'stopped',
      'running',
    ]);
  });

  it("shows each station's grade and the class's summary when the labs run an exercise", async () => {
    const { page } = b;
    await page.goto(gradedView.openUrl);
    await page.getByRole('heading', { name: 'Exercise: Start it' }).waitFor();
    const grades = page.locator('table.grades');
    await grades.getByRole('columnheader', { name: 'Points / pass mark' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select station 2' }).check();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await poll(() => graded.exercise!.stations.map((s) => s.grade!.status)).toEqual(['running', 'stopped']);
    await page.getByText('0 of 2 stations passed · 1 running · 1 stopped').waitFor();
    const row2 = grades.getByRole('row', { name: /^2 room-3 · Seat 2/ });
    await row2.getByText('stopped by the instructor').waitFor();
    expect(await grades.getByRole('row', { name: /^1 room-3 · Seat 1/ }).textContent()).toMatch(
      /^1 room-3 · Seat 1running[\d.]+ s10 \/ 10met at 0 msnot yet$/,
    );
    expect(await page.getByRole('button', { name: /^Class report/ }).count()).toBe(0);
    await page.getByText('Each lab keeps the class report of its own stations.').waitFor();
    expect(b.problems).toEqual([]);
  });
});
