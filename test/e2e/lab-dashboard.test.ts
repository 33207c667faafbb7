// The lab's dashboard in Debian's chromium: a bulk action, and a hidden fault that the student's
// own window (the real page, over its WebSocket) does not show until the instructor shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import { RENDERER_DIR, startTestLab } from '../lab/support.js';
import { axeFindings } from './support/axe.js';
import { openBrowser, poll, row, type TestBrowser } from './support/tagsim-ui.js';

let lab: Lab;
let b: TestBrowser;

beforeAll(async () => {
  lab = await startTestLab({ stations: [{}, {}], ui: { rendererDir: RENDERER_DIR } });
  b = await openBrowser({ width: 1400, height: 900 });
}, 30_000);
afterAll(async () => {
  await b?.close();
  await lab?.close();
});

describe("the lab's dashboard in a browser", () => {
  it('runs every station at once, and hides a fault from the student until told to show it', async () => {
    const { page } = b;
    await page.goto(lab.dashboard!.openUrl);
    await page.getByRole('checkbox', { name: 'Select station 2' }).waitFor();
    expect(new URL(page.url()).search).toBe(''); // the token left the address bar

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await poll(() => lab.stations.map((s) => s.tagsim.simulation.status.state)).toEqual([
      'running',
      'running',
    ]);

    // The student's window of station 1, in a page of its own.
    const student = await b.context.newPage();
    // What the window asks its station, frame by frame over its WebSocket.
    const asked: string[] = [];
    student.on('websocket', (ws) => ws.on('framesent', (f) => asked.push(String(f.payload))));
    await student.goto(lab.stations[0]!.tagsim.uiUrl!);
    const sensor = row(student, 'High sensor');
    await sensor.waitFor();
    // A student's window: a quiet line, and none of the controls the lab keeps from the student.
    await student.getByText('Lab station 1 · controls set by the instructor').waitFor();
    await sensor.click();
    await student.locator('.details-title h2').waitFor();
    for (const name of [/^Scene$/, /^Edit scene$/, /^Undo$/, /^Force true$/, /^Release forces/])
      expect([name, await student.getByRole('button', { name }).count()]).toEqual([name, 0]);
    expect(await student.getByRole('button', { name: 'Run', exact: true }).count()).toBeGreaterThan(0);
    // Nor do their keys: Ctrl+Z and Ctrl+S ask the station for nothing it would refuse.
    await student.keyboard.press('Control+z');
    await student.keyboard.press('Control+s');
    await student.waitForTimeout(300);
    expect(asked.filter((f) => /"(undoEdit|saveScene)"/.test(f))).toEqual([]);
    expect(asked.some((f) => f.includes('"getState"'))).toBe(true);

    await page.getByRole('checkbox', { name: 'Select station 1' }).check();
    await page.getByLabel('Tag', { exact: true }).fill('High sensor');
    await page.getByLabel('Kind').selectOption('alwaysOn');
    // Hiding is a choice the instructor makes, not a default left ticked.
    expect(await page.getByLabel('Hidden from the student').isChecked()).toBe(false);
    expect(await page.getByLabel('Locked').isDisabled()).toBe(true);
    await page.getByLabel('Hidden from the student').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Done on 1 station.').waitFor();
    await page.getByText('High sensor: Always On (hidden)').waitFor();
    expect(lab.stations[0]!.tagsim.engine.tagsNamed('High sensor')[0]!.shortCircuit).toBe(true);
    // Long enough for several tag pushes to the window: it still shows no failure.
    await page.waitForTimeout(500);
    expect(await sensor.locator('.flag-failed').count()).toBe(0);

    await page.getByLabel('Hidden from the student').uncheck();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('High sensor: Always On', { exact: true }).waitFor();
    await sensor.locator('.flag-failed').waitFor();
    expect(b.problems).toEqual([]);
  });

  it("faults the one row clicked in a station's tags, even where several tags share its name", async () => {
    const { page } = b;
    await page.goto(lab.dashboard!.openUrl);
    await page.getByRole('button', { name: 'Tags' }).nth(1).click();
    const view = page.getByRole('region', { name: "Station 2's tags" });
    const beams = view
      .locator('tbody tr')
      .filter({ has: page.locator('td:first-child', { hasText: /^-$/ }) });
    await beams.first().waitFor();
    expect(await beams.count()).toBeGreaterThan(1);
    await beams.nth(1).getByRole('button', { name: 'On', exact: true }).click();
    const { engine } = lab.stations[1]!.tagsim;
    const second = engine.tagsNamed('-')[1]!.id;
    await poll(() =>
      engine
        .tagsNamed('-')
        .filter((t) => t.shortCircuit)
        .map((t) => t.id),
    ).toEqual([second]);
    await beams.nth(1).getByRole('button', { name: 'Clear', exact: true }).click();
    await poll(() => engine.tagsNamed('-').some((t) => t.shortCircuit)).toBe(false);
    expect(b.problems).toEqual([]);
  });

  it('has no axe finding of any impact, light and dark: landmarks, headings, named headers', async () => {
    const { page } = b;
    await page.goto(lab.dashboard!.openUrl);
    // What an instructor looks at: a hidden fault, a station's tags open, the schedule form.
    await page.getByLabel('Tag', { exact: true }).fill('Low sensor');
    await page.getByLabel('Hidden from the student').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Low sensor: Always Off (hidden)').first().waitFor();
    await page.getByRole('button', { name: 'Tags' }).first().click();
    await page.getByRole('region', { name: "Station 1's tags" }).locator('tbody tr').first().waitFor();
    await page.getByText('Start a fault schedule').click();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeFindings(page)).toEqual([]);
    }
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('TagSim lab');
    expect(b.problems).toEqual([]);
  }, 60_000);
});
