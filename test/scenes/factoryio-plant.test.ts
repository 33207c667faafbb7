// A saved scene's parts, moving: the generic plant built from their prefabs and places (an
// emitter, conveyors, sensors, a remover), run over real HTTP on the virtual clock, and drawn
// where they stand.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { readSceneFile } from '../../main/storage/scene-files.js';
import { isConveyor } from '../../shared/sim/behaviour-types.js';
import {
  fioPart,
  fioTag,
  keyOf,
  writeFactoryIo,
  type FioPartSpec,
  type FioTagSpec,
} from '../support/factoryio-writer.mjs';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-fio-plant-'));
const running: TagSim[] = [];
afterAll(async () => {
  for (const t of running) await t.close();
});

const tag = (element: FioTagSpec['element'], name: string, more: Partial<FioTagSpec> = {}) =>
  fioTag(element, name, Number.parseInt(keyOf(name).slice(0, 2), 16) % 200, more);
const part = fioPart;

/**
 * A 4 m belt along +X from X -2 m to 2 m (grid -16 to 16), an emitter over its first half metre,
 * a diffuse sensor whose beam crosses it at 3 m, a retro-reflective one at 1.5 m, a remover over
 * its last metre, a turntable the plant does not move, and a prefab TagSim does not know.
 */
const LINE: FioPartSpec[] = [
  part('BeltConveyor4M', [0, 3, 0], 90, [tag('BinaryOutput', 'Conveyor')], {
    mode: '$C_BeltConveyor_OM_SingleBinary_NAME',
  }),
  part('Emitter', [-12, 6, 0], 0, [tag('BinaryOutput', 'Emitter', { forced: true, forcedValue: true })], {
    emitter: { min: 1, max: 2, parts: ['BoxM'] },
  }),
  part('DiffusePhotoelectricSensor', [8, 5, 5], 90, [tag('BinaryInput', 'At end')], { sensorRange: 1.2 }),
  part('RetroreflectivePhotoelectricSensor', [-4, 5, 5], 90, [tag('BinaryInput', 'At middle')], {
    sensorRange: 1.25,
  }),
  part('RetroreflectiveMirror', [-4, 5, -5], 90, []),
  part('Remover', [14, 6, 0], 0, [tag('BinaryOutput', 'Remover', { forced: true, forcedValue: true })], {
    remover: true,
  }),
  part('Turntable', [40, 3, 0], 0, [tag('BinaryOutput', 'Turn'), tag('BinaryInput', 'At 90')]),
  part('MysteryMachine', [0, 3, 40], 0, [tag('BinaryOutput', 'Mystery start')]),
  part('MetalCorner', [20, 0, 20], 0, []),
];

async function serve(name: string, parts: FioPartSpec[]): Promise<TagSim> {
  const file = join(dir, name);
  writeFileSync(file, writeFactoryIo({ parts }));
  const tagsim = await startTagSim({
    scene: { file },
    server: { host: '127.0.0.1', port: 0 },
    simulation: { clock: 'virtual', startRunning: true },
  });
  running.push(tagsim);
  return tagsim;
}

/** Over real HTTP: a write by name, an advance of the virtual clock, a read of values by name. */
function client(tagsim: TagSim) {
  const control = { 'Content-Type': 'application/json', Authorization: `Bearer ${tagsim.control!.token}` };
  return {
    write: async (values: Record<string, boolean>) => {
      const body = Object.entries(values).map(([name, value]) => ({ name, value }));
      const res = await fetch(`${tagsim.url}/api/tag/values/by-name`, {
        method: 'PUT',
        body: JSON.stringify(body),
      });
      expect(await res.json()).toEqual([]);
    },
    advance: async (ms: number) => {
      const res = await fetch(`${tagsim.url}/tagsim/v1/clock/advance`, {
        method: 'POST',
        headers: control,
        body: JSON.stringify({ ms }),
      });
      expect(res.status).toBe(200);
    },
    read: async (...names: string[]): Promise<Record<string, unknown>> => {
      const tags = (await (await fetch(`${tagsim.url}/api/tags`)).json()) as {
        name: string;
        value: unknown;
      }[];
      return Object.fromEntries(names.map((n) => [n, tags.find((t) => t.name === n)?.value]));
    },
  };
}

describe("a custom scene's plant, over HTTP", () => {
  it('carries emitted items past its sensors only while its conveyor runs, and the remover takes them', async () => {
    const tagsim = await serve('Line.factoryio', LINE);
    const api = client(tagsim);
    expect(await api.read('At end', 'At middle')).toEqual({ 'At end': false, 'At middle': true });
    await api.advance(20_000);
    expect(await api.read('At end', 'At middle')).toEqual({ 'At end': false, 'At middle': true });

    await api.write({ Conveyor: true });
    const seen = { end: 0, middleBroken: 0 };
    for (let t = 0; t < 30_000; t += 250) {
      await api.advance(250);
      const now = await api.read('At end', 'At middle');
      if (now['At end'] === true) seen.end++;
      if (now['At middle'] === false) seen.middleBroken++;
    }
    expect(seen.end).toBeGreaterThan(5);
    expect(seen.middleBroken).toBeGreaterThan(5);
    const belt = tagsim.simulation.simulation.snapshot().conveyors.find((c) => c.name === 'Conveyor')!;
    expect(belt.removed['medium box']).toBeGreaterThanOrEqual(5);

    await api.write({ Conveyor: false });
    await api.advance(1000);
    const stopped = await api.read('At end', 'At middle');
    await api.advance(20_000);
    expect(await api.read('At end', 'At middle')).toEqual(stopped);
  });

  it('is drawn where its parts stand, with what it does not move as labelled boxes', async () => {
    const { scene, notes } = await readSceneFile(join(dir, 'Line.factoryio'));
    const belt = scene.layout!.conveyors!['Conveyor']!;
    expect(belt).toMatchObject({ angle: 0, width: 1, look: 'belt' });
    expect(scene.layout!.parts).toEqual([
      expect.objectContaining({
        part: 'turntable',
        label: 'Turntable 1',
        simulated: false,
        tags: [
          { tag: { id: keyOf('Turn') }, role: 'switch' },
          { tag: { id: keyOf('At 90') }, role: 'lamp' },
        ],
      }),
      expect.objectContaining({ part: 'station', label: 'Mystery machine 1', simulated: false }),
    ]);
    expect(notes).toContain('not drawn, as scenery without tags: 1 Retroreflective mirror, 1 Metal corner');
    const [conveyor] = scene.behaviours!.filter(isConveyor);
    expect(conveyor!.sensors).toEqual([
      { tag: { id: keyOf('At end') }, from: 3, to: 3 },
      { tag: { id: keyOf('At middle') }, from: 1.5, to: 1.5, normallyClosed: true },
    ]);
  });
});
