// An emitter obeyed over real HTTP: the real `tagsim serve` runs "Sorting by Weight" at 8x while
// a controller scanning every 20 ms keeps the line running and counts the boxes arriving at the
// scale (`At scale entry`, retro-reflective: off while a box is there). The scene keeps `Emitter`
// forced on, so a plain write of false stops nothing (docs/fidelity.md, "Emitters"). A
// fault-injection tool, as public ones do, forces it false: no new box comes. Then, with the
// force released and `Emitter` written off, each short pulse of `Emitter` releases exactly one box.
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { Falling } from '../sim/plc.js';
import { byNameClient, type ByNameClient } from '../support/by-name.js';
import { apiClient } from '../support/http-client.js';
import { serveTagsim, type ServingTagsim } from '../support/tagsim-process.js';

const SCAN_MS = 20;
const TIME_SCALE = 8;
/** Real milliseconds for this much plant time. */
const plant = (ms: number) => ms / TIME_SCALE;

let server: ServingTagsim;
let tags: ByNameClient;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = await serveTagsim(['--scene', 'Sorting by Weight', '--time-scale', String(TIME_SCALE)]);
  tags = byNameClient(server.url, agent);
});

afterAll(async () => {
  agent.destroy();
  expect(await server.stop()).toBe(0);
  expect(server.err()).toBe('');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The line's controller: every belt on, every box sent forward; counts boxes reaching the scale. */
const line = { arrived: 0, edge: new Falling() };
async function scanFor(realMs: number): Promise<void> {
  const end = Date.now() + realMs;
  while (Date.now() < end) {
    const { 'At scale entry': clear } = await tags.read(['At scale entry']);
    if (line.edge.q(clear)) line.arrived++;
    await tags.write({
      'Entry conveyor': true,
      'Load scale': true,
      'Send forward': true,
      'Front conveyor': true,
    });
    await sleep(SCAN_MS);
  }
}

async function put(path: string, body: unknown): Promise<void> {
  const res = await apiClient(server.url).put(path, body, { agent });
  expect([path, res.status, res.json]).toEqual([path, 200, []]);
}

describe('tagsim serve: Sorting by Weight obeys its Emitter, over HTTP', () => {
  it(
    'forced on, a plain write stops nothing; forced false, no new box comes; each pulse releases one',
    { timeout: 90_000 },
    async () => {
      await expect.poll(server.out).toContain(`Simulation: running at ${TIME_SCALE}x`);
      // The line runs: boxes come, one every few seconds.
      await scanFor(plant(20_000));
      expect(line.arrived).toBeGreaterThanOrEqual(2);

      // Forced on by the scene: a plain write of false changes the raw value only.
      const emitter = async () =>
        ((await (await fetch(`${server.url}/api/tags?name=Emitter`)).json()) as ApiTag[])[0]!;
      expect(await emitter()).toMatchObject({ value: true, isForced: true, forcedValue: true });
      await tags.write({ Emitter: false });
      expect(await emitter()).toMatchObject({ value: true, isForced: true });
      const written = line.arrived;
      await scanFor(plant(20_000));
      expect(line.arrived).toBeGreaterThanOrEqual(written + 2);

      await put('/api/tag/values-force/by-name', [{ name: 'Emitter', value: false }]);
      // Boxes already on the 3 m entry belt still arrive; then none for 30 s of plant time.
      await scanFor(plant(15_000));
      const whileForced = line.arrived;
      await scanFor(plant(30_000));
      expect(line.arrived).toBe(whileForced);

      // Written off and released: still nothing. Then three pulses of 1.6 s of plant time
      // (shorter than the 4 s a box takes to clear the emitter, longer than a few ticks of the server).
      await tags.write({ Emitter: false });
      await put('/api/tag/values-release/by-name', ['Emitter']);
      await scanFor(plant(10_000));
      const counts = [line.arrived - whileForced];
      for (let pulse = 0; pulse < 3; pulse++) {
        await tags.write({ Emitter: true });
        await sleep(plant(1600));
        await tags.write({ Emitter: false });
        await scanFor(plant(12_000));
        counts.push(line.arrived - whileForced);
      }
      expect(counts).toEqual([0, 1, 2, 3]);
    },
  );
});
