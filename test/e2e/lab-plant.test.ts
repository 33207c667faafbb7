// The instructor's Plant view of a station in the lab's dashboard (issue 23, point 5), in Debian's
// chromium: the station's machine drawn by the window's own component, its box moving as the
// station's plant runs, and a fault hidden from the student marked as hidden on its tag's spot in
// the drawing and listed below it. The plant is pushed by the dashboard's feed from the station's
// own plant stream: the page never polls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import { RENDERER_DIR, startTestLab, act } from '../lab/support.js';
import { openBrowser, poll, type TestBrowser } from './support/tagsim-ui.js';

let lab: Lab;
let b: TestBrowser;

beforeAll(async () => {
  lab = await startTestLab({
    stations: [{ scene: { builtin: 'From A to B' } }, {}],
    ui: { rendererDir: RENDERER_DIR },
  });
  b = await openBrowser({ width: 1400, height: 900 });
}, 30_000);
afterAll(async () => {
  await b?.close();
  await lab?.close();
});

describe("a station's plant in the lab's dashboard", () => {
  it('draws the machine live, and marks the faults hidden from the student', async () => {
    const { page } = b;
    const station = lab.stations[0]!.tagsim;
    const belt = station.engine.listTags({ name: 'Conveyor', kind: 'Output' })[0]!;
    station.engine.write('set', 'id', [{ id: belt.id, value: true }], 'api');
    expect((await act(lab, { action: 'run', stations: [1] })).status).toBe(200);
    expect(
      (
        await act(lab, {
          action: 'applyFault',
          stations: [1],
          fault: { tag: 'Sensor', kind: 'alwaysOn', hidden: true },
        })
      ).status,
    ).toBe(200);

    // What the page asks the dashboard for while the view is open.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(lab.dashboard!.openUrl);
    await page.getByRole('button', { name: 'Plant', exact: true }).first().click();
    const view = page.getByRole('region', { name: "Station 1's plant" });
    await view.getByRole('group', { name: 'From A to B: machines, belts and sensors' }).waitFor();
    await view.getByText('Hidden from the student').waitFor();
    await expect
      .poll(() => view.locator('.hidden-faults li').allTextContents())
      .toEqual(['hidden Sensor (Input): Always On']);
    // On the drawing, the hidden fault is marked on its tag's spot, and said so to a screen reader;
    // the belt's motor, faulted in no hidden way, carries no such mark.
    const drawing = view.getByRole('group', { name: 'From A to B: machines, belts and sensors' });
    const sensor = drawing.getByRole('button', {
      name: /^Sensor Sensor: .*, fault hidden from the student$/,
    });
    await sensor.waitFor();
    expect(await sensor.locator('.mark-hidden').count()).toBe(1);
    expect(await drawing.locator('.mark-hidden').count()).toBe(1);
    expect(await drawing.locator('.mark-hidden').getAttribute('data-hidden-fault')).toBe('Sensor');
    expect(
      await drawing.getByRole('button', { name: /^Drive Conveyor: / }).getAttribute('aria-label'),
    ).not.toMatch(/hidden/);
    // The box moves on the drawing as it moves in the station.
    const box = view.locator('.items .item').first();
    await box.waitFor();
    const at = async () => (await box.boundingBox())!.x;
    const first = await at();
    await poll(at, 5000).toBeGreaterThan(first + 5);
    // ...pushed: one feed opened, the plant never polled (its tags are read as the table's are).
    expect(asked.filter((path) => path.includes('/plant/'))).toEqual(['/api/stations/1/plant/feed']);
    expect(lab.stations[0]!.tagsim.plant()!.watching).toBe(1);

    await view.getByRole('button', { name: 'Close', exact: true }).click();
    await view.waitFor({ state: 'detached' });
    await poll(() => lab.stations[0]!.tagsim.plant()!.watching, 5000).toBe(0);
    expect(b.problems).toEqual([]);
  });
});
