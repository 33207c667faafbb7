// The class view (`tagsim class`, docs/deploy.md) in Debian's chromium: the dashboard's own page
// over a lab and a lab that is down. It names the lab that does not answer, leaves out what is
// each lab's own (fault logs, schedules), and drives the stations of the lab that answers.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classViewRoutes } from '../../main/lab/class-view.js';
import { dashboardPageDir, startDashboardServer } from '../../main/lab/dashboard-server.js';
import { labClient } from '../../main/lab/lab-client.js';
import type { Dashboard } from '../../main/lab/lab-types.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { RENDERER_DIR, startTestLab } from '../lab/support.js';
import { openBrowser, poll, type TestBrowser } from './support/tagsim-ui.js';

let lab: Lab;
let view: Dashboard;
let b: TestBrowser;

beforeAll(async () => {
  lab = await startTestLab({ stations: [{ label: 'Seat 1' }, { label: 'Seat 2' }] });
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const downUrl = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const url = lab.dashboard!.url;
  view = await startDashboardServer({
    host: '127.0.0.1',
    port: 0,
    pageDir: dashboardPageDir(RENDERER_DIR),
    routes: classViewRoutes([
      { name: 'room-1', url, stations: 2, client: labClient(url, lab.dashboard!.token) },
      { name: 'room-2', url: downUrl, stations: 3, client: labClient(downUrl, 'a-token-for-nobody-1234') },
    ]),
    stations: 5,
    onError: (error) => {
      throw error;
    },
  });
  b = await openBrowser({ width: 1400, height: 700 });
}, 30_000);
afterAll(async () => {
  await b?.close();
  await view?.close();
  await lab?.close();
});

describe('the class view in a browser', () => {
  it('names the lab that is down, shows only what it can drive, and runs the stations of the other', async () => {
    const { page } = b;
    await page.goto(view.openUrl);
    await page.getByRole('heading', { name: 'TagSim class' }).waitFor();
    await page.getByText('room-1 · Seat 2').waitFor();
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
});
