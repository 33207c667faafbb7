// The dashboard's plant routes (issue 23, point 5): a station's drawing and its plant's state,
// over real HTTP with the dashboard's token, as the instructor's Plant view polls them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { snapshotPlant } from '../../shared/plant/snapshot.js';
import { act, dashboardRequest, startTestLab } from './support.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.close();
  lab = undefined;
});

describe("the dashboard's plant routes", () => {
  it("give a station's drawing and its plant as the station has it", async () => {
    lab = await startTestLab({ stations: [{}, { scene: { builtin: 'From A to B' } }] });
    const station = lab.stations[1]!.tagsim;
    const layout = await dashboardRequest(lab, 'GET', '/api/stations/2/plant/layout');
    expect(layout.status).toBe(200);
    expect(layout.json).toEqual({ scene: 'From A to B', layout: layoutScene(station.engine.scene) });
    const belt = station.engine.listTags({ name: 'Conveyor', kind: 'Output' })[0]!;
    station.engine.write('set', 'id', [{ id: belt.id, value: true }], 'api');
    expect((await act(lab, { action: 'run', stations: [2] })).status).toBe(200);
    station.simulation.simulation.advance(2000);
    station.simulation.pause();
    const state = await dashboardRequest(lab, 'GET', '/api/stations/2/plant/state');
    expect(state.status).toBe(200);
    expect(state.json).toEqual({
      scene: 'From A to B',
      simulation: station.simulation.status,
      snapshot: JSON.parse(JSON.stringify(snapshotPlant(station.simulation.simulation))),
    });
    const items = (state.json as { snapshot: { conveyors: { items: { front: number }[] }[] } }).snapshot
      .conveyors[0]!.items;
    expect(items[0]!.front).toBeGreaterThan(0.5);
  });

  it('take no snapshot of a station until its view asks', async () => {
    lab = await startTestLab({ stations: [{}, {}] });
    const snapshots = lab.stations.map((s) => vi.spyOn(s.tagsim.simulation.simulation, 'snapshot'));
    await act(lab, { action: 'run', stations: 'all' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await dashboardRequest(lab, 'GET', '/api/stations')).status).toBe(200);
    expect(snapshots.map((s) => s.mock.calls.length)).toEqual([0, 0]);
    await dashboardRequest(lab, 'GET', '/api/stations/1/plant/state');
    expect(snapshots.map((s) => s.mock.calls.length)).toEqual([1, 0]);
  });

  it('refuse a request without the token, and name a station the lab does not have', async () => {
    lab = await startTestLab();
    const anonymous = await dashboardRequest(lab, 'GET', '/api/stations/1/plant/state', { token: null });
    expect(anonymous.status).toBe(401);
    const missing = await dashboardRequest(lab, 'GET', '/api/stations/9/plant/layout');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'There is no station "9"; this lab has 3.' });
    const posted = await dashboardRequest(lab, 'POST', '/api/stations/1/plant/state', { body: '{}' });
    expect(posted.status).toBe(405);
  });
});
