// Names that are keys of every object (`constructor`, `__proto__`, `toString`...) as a user's
// conveyors, tags, items and scene (issue 30, point 4): the station serves them like any other
// name, and the dashboard's drawing of its plant has a size and a place for every belt.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import type { BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import type { PlantFrame, PlantFullFrame } from '../../shared/plant/plant-frame.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { OBJECT_KEY_NAMES } from '../hostile/support/object-key-names.js';
import { testScene } from '../sim/plc.js';
import { uiWebSocketTransport } from '../support/bridge-transports.js';
import { act, dashboardRequest, RENDERER_DIR, startTestLab } from './support.js';

let lab: Lab | undefined;
afterEach(async () => {
  await lab?.close();
  lab = undefined;
});

/** A scene whose conveyor, drive, sensor, items and name are all `name`, with a second belt it feeds. */
function sceneNamed(name: string, hinted: boolean): SceneDefinition {
  return {
    ...testScene(
      [
        [name, 'Bit', 'Output'],
        ['Other belt', 'Bit', 'Output'],
        [`${name} at end`, 'Bit', 'Input'],
        ['Reader', 'Int', 'Input'],
      ],
      name,
    ),
    behaviours: [
      {
        conveyor: name,
        length: 3,
        speed: 1,
        runs: { tag: name, equals: true },
        feeder: { items: [name, 'box'], intervalMs: 500 },
        exits: [{ to: 'other' }],
        sensors: [
          { tag: `${name} at end`, from: 2, to: 3 },
          { tag: 'Reader', from: 1, to: 1.2, reads: { [name]: 7, box: 1 } },
        ],
      },
      { conveyor: 'other', length: 2, speed: 1, runs: { tag: 'Other belt', equals: true } },
    ],
    ...(hinted ? { layout: { conveyors: { [name]: { x: 1, y: 2 }, other: { x: 5, y: 2 } } } } : {}),
  } as SceneDefinition;
}

function expectDrawn(layout: PlantLayout, name: string): void {
  expect(Number.isFinite(layout.width) && Number.isFinite(layout.height)).toBe(true);
  expect(layout.conveyors.map((c) => c.name)).toEqual([name, 'other']);
  for (const c of layout.conveyors)
    expect([c.name, Number.isFinite(c.x), Number.isFinite(c.y), Number.isFinite(c.angle)]).toEqual([
      c.name,
      true,
      true,
      true,
    ]);
}

describe('names that are object keys', () => {
  it.each(OBJECT_KEY_NAMES)('%s: a station draws, runs and shows its plant', async (name) => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-keys-'));
    const files = [false, true].map((hinted) => {
      const file = join(dir, `${hinted ? 'hinted' : 'plain'}.tagsim.json`);
      writeFileSync(file, serializeScene(sceneNamed(name, hinted)));
      return file;
    });
    lab = await startTestLab({
      stations: files.map((file) => ({ scene: { file }, label: name })),
      ui: { rendererDir: RENDERER_DIR },
    });
    for (const number of [1, 2]) {
      const answer = await dashboardRequest(lab, 'GET', `/api/stations/${number}/plant/layout`);
      expect(answer.status).toBe(200);
      const { scene, layout } = answer.json as { scene: string; layout: PlantLayout };
      expect(scene).toBe(name);
      expectDrawn(layout, name);
    }
    const hinted = (
      (await dashboardRequest(lab, 'GET', '/api/stations/2/plant/layout')).json as { layout: PlantLayout }
    ).layout;
    expect(hinted.conveyors.map((c) => [c.x, c.y])).toEqual([
      [1, 2],
      [5, 2],
    ]);

    // The plant runs: items of that name travel, and the reading sensor knows their value.
    const station = lab.stations[0]!.tagsim;
    const belt = station.engine.tagsNamed(name)[0]!;
    station.engine.write('set', 'id', [{ id: belt.id, value: true }], 'api');
    await act(lab, { action: 'run', stations: [1] });
    station.simulation.simulation.advance(1500);
    station.simulation.pause();
    const state = await dashboardRequest(lab, 'GET', '/api/stations/1/plant/state');
    expect(state.status).toBe(200);
    const conveyors = (
      state.json as { snapshot: { conveyors: { name: string; items: { label: string }[] }[] } }
    ).snapshot.conveyors;
    expect(conveyors[0]!.name).toBe(name);
    expect(conveyors[0]!.items.map((i) => i.label)).toContain(name);

    // The student's window: the scene it is sent, drawn as the window draws it, and the plant's frames.
    const url = `ws://127.0.0.1:${station.server.status.port}/ui/ws?token=${station.ui!.token}`;
    const window = await uiWebSocketTransport(url);
    try {
      const frames: PlantFrame[] = [];
      window.subscribe((m: BridgeEventMessage) => {
        if (m.event === 'plant') frames.push(m.payload as PlantFrame);
      });
      const { document } = (await window.invoke('getScenes', undefined)) as ScenesState;
      expectDrawn(layoutScene(document!.scene), name);
      await window.invoke('watchPlant', undefined);
      await vi.waitFor(() => expect(frames.length).toBeGreaterThan(0));
      expect((frames[0] as PlantFullFrame).snapshot.conveyors.map((c) => c.name)).toEqual([name, 'other']);
    } finally {
      window.close();
    }
    // No object in the process took on a polluted prototype.
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
