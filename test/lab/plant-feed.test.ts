// The dashboard's plant feed (issue 35, point 3): a station's plant pushed over real HTTP with the
// dashboard's token, from the station's own plant stream (the one its student's window watches),
// one JSON message a line: the drawing, the simulation's status, then the plant's frames.
import { afterEach, describe, expect, it } from 'vitest';
import type { PlantFrame, PlantFullFrame } from '../../shared/plant/plant-frame.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { act, dashboardRequest, openFeed, startTestLab, until } from './support.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.close();
  lab = undefined;
});

describe("the dashboard's plant feed", () => {
  it("pushes a station's drawing, status and frames from the station's own stream", async () => {
    lab = await startTestLab({ stations: [{}, { scene: { builtin: 'From A to B' } }] });
    const station = lab.stations[1]!.tagsim;
    const feed = await openFeed(lab.dashboard!.url, lab.dashboard!.token, 2);
    expect(feed.res.statusCode).toBe(200);
    expect(feed.res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    await until(() => feed.messages.length >= 3);
    expect(feed.messages.slice(0, 2)).toEqual([
      { event: 'scene', payload: { scene: 'From A to B', layout: layoutScene(station.engine.scene) } },
      { event: 'simulation', payload: JSON.parse(JSON.stringify(station.simulation.status)) },
    ]);
    expect(feed.messages[2]).toMatchObject({ event: 'plant', payload: { seq: 1 } });
    expect('snapshot' in (feed.messages[2]!.payload as PlantFrame)).toBe(true);
    // The one stream of the station: its student's window and the dashboard watch the same.
    expect(station.plant()!.watching).toBe(1);

    const belt = station.engine.listTags({ name: 'Conveyor', kind: 'Output' })[0]!;
    station.engine.write('set', 'id', [{ id: belt.id, value: true }], 'api');
    expect((await act(lab, { action: 'run', stations: [2] })).status).toBe(200);
    await until(() => feed.messages.some((m) => m.event === 'plant' && 'delta' in m.payload));
    expect(feed.messages).toContainEqual({
      event: 'simulation',
      payload: expect.objectContaining({ state: 'running' }),
    });
    // A new scene: its drawing comes before its plant's frames.
    await station.scenes.open({ builtin: 'Sorting by Height (Basic)' });
    await until(() => feed.messages.some((m) => m.event === 'scene' && m.payload.scene !== 'From A to B'));

    feed.close();
    await until(() => station.plant()!.watching === 0);
  });

  it('refuses a request without the token, a station the lab lacks, and a wrong method', async () => {
    lab = await startTestLab();
    const anonymous = await dashboardRequest(lab, 'GET', '/api/stations/1/plant/feed', { token: null });
    expect(anonymous.status).toBe(401);
    const missing = await dashboardRequest(lab, 'GET', '/api/stations/9/plant/feed');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: 'There is no station "9"; this lab has 3.' });
    const posted = await dashboardRequest(lab, 'POST', '/api/stations/1/plant/feed', { body: '{}' });
    expect(posted.status).toBe(405);
    expect(lab.stations[0]!.tagsim.plant()!.watching).toBe(0);
  });

  it('starts whole again for a page that comes back', async () => {
    lab = await startTestLab({ stations: [{}] });
    const first = await openFeed(lab.dashboard!.url, lab.dashboard!.token, 1);
    await until(() => first.messages.some((m) => m.event === 'plant'));
    first.close();
    const again = await openFeed(lab.dashboard!.url, lab.dashboard!.token, 1);
    await until(() => again.messages.some((m) => m.event === 'plant'));
    const frame = again.messages.find((m) => m.event === 'plant')!.payload as PlantFullFrame;
    expect(frame.snapshot).toBeDefined();
    again.close();
  });
});
