// A lab's exercise in Debian's chromium: the instructor's dashboard shows every station's grade,
// a column per criterion, and stops and restarts it; the student's own window shows the task and
// its progress, and nothing of the hidden fault. Both pages pass axe.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadExercise } from '../../main/exercise/exercise-setup.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { RENDERER_DIR, startTestLab } from '../lab/support.js';
import { axeFindings } from './support/axe.js';
import { openBrowser, poll, type TestBrowser } from './support/tagsim-ui.js';

const EXERCISE = 'Sort by height, and stop on a stuck sensor';
const folder = mkdtempSync(join(tmpdir(), 'tagsim-lab-exercise-'));
let lab: Lab;
let b: TestBrowser;

beforeAll(async () => {
  const setup = await loadExercise(EXERCISE);
  lab = await startTestLab({
    stations: [{}, { label: 'Bench 2' }],
    ui: { rendererDir: RENDERER_DIR },
    simulation: { startRunning: true },
    exercise: { setup, folder },
  });
  b = await openBrowser({ width: 1400, height: 900 });
}, 30_000);
afterAll(async () => {
  await b?.close();
  await lab?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("a lab's exercise in a browser", () => {
  it("shows each station's grade on the dashboard, and stops and restarts it", async () => {
    const { page } = b;
    await page.goto(lab.dashboard!.openUrl);
    await page.getByRole('heading', { name: `Exercise: ${EXERCISE}` }).waitFor();
    const grades = page.locator('table.grades');
    for (const column of [
      'Station',
      'Status',
      'Points',
      'Four low boxes out on the left (20)',
      'Never pushes both ways at once (15)',
    ])
      await grades.getByRole('columnheader', { name: column }).waitFor();
    const row2 = grades.getByRole('row', { name: /^2 Bench 2/ });
    await row2.getByText('running').waitFor();
    await poll(() => row2.locator('td.grade-pending').count()).toBe(5);

    await page.getByRole('checkbox', { name: 'Select station 2' }).check();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByText('Done on 1 station.').waitFor();
    await row2.getByText('stopped by the instructor').waitFor();
    expect(lab.exercise!.stations.map((s) => s.grade!.status)).toEqual(['running', 'stopped']);
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    await poll(() => lab.exercise!.stations.map((s) => s.grade!.status)).toEqual(['running', 'running']);
    expect(b.problems).toEqual([]);
  });

  it('shows the student their task and progress in their window, nothing of the hidden fault', async () => {
    const student = await b.context.newPage();
    await student.goto(lab.stations[1]!.tagsim.uiUrl!);
    const panel = student.getByRole('region', { name: 'Exercise' });
    await panel.getByText(EXERCISE).waitFor();
    await panel.getByText(/^Sort the pallets by the height of their box/).waitFor();
    await panel.getByText(/^0 of 100 points \(80 to pass\)$/).waitFor();
    await panel.getByText(/^0:0\d of 2:00$/).waitFor();
    await panel.getByText('Stops the entry on a stuck sensor').waitFor();
    expect(await panel.textContent()).not.toMatch(/Stuck high sensor|High sensor/);
    // Only the student's own report, no control over the exercise.
    for (const name of [/^Start$/, /^Stop$/, /^Restart$/])
      expect([name, await panel.getByRole('button', { name }).count()]).toEqual([name, 0]);
    const download = student.waitForEvent('download');
    await panel.getByRole('button', { name: 'My report' }).click();
    expect((await download).suggestedFilename()).toBe(`${EXERCISE} station 2.html`);
    expect(await axeFindings(student)).toEqual([]);
    await student.close();
  });

  it('has no axe finding on the dashboard with the grades', async () => {
    const { page } = b;
    await page.goto(lab.dashboard!.openUrl);
    await page.locator('table.grades').waitFor();
    expect(await axeFindings(page)).toEqual([]);
  });
});
