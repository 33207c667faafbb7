// The end-to-end check: the real `tagsim serve` (a child process of the built CLI) serves
// "Sorting by Height (Basic)" with its plant running, and a straightforward controller written
// for the real scene, talking HTTP only (GET /api/tag/values/by-name with a body, PUT
// /api/tag/values/by-name) and scanning every 20 ms, sorts boxes by height until its Counter
// reaches 10. The server runs at 4x, so that the minute of plant time takes about 16 s while the
// shortest thing to see (a box passing the height sensors, 1.1 s of plant time) still lasts
// about 14 scans.
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagValue } from '../../shared/core/tag-types.js';
import { Rising } from '../sim/plc.js';
import { byNameClient, type ByNameClient } from '../support/by-name.js';
import { serveTagsim, type ServingTagsim } from '../support/tagsim-process.js';

const SCAN_MS = 20;
const TIME_LIMIT_MS = 28_000;

/** The server's process: started once for the file, stopped with SIGTERM. */
let server: ServingTagsim;
let tags: ByNameClient;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = await serveTagsim(['--scene', 'Sorting by Height (Basic)', '--time-scale', '4']);
  tags = byNameClient(server.url, agent);
});

afterAll(async () => {
  agent.destroy();
  expect(await server.stop()).toBe(0);
  expect(server.err()).toBe('');
});

const INPUTS = ['Pallet sensor', 'Low sensor', 'High sensor', 'Loaded', 'At left entry', 'At right entry'];

/**
 * Sorting by Height (Basic) as a PLC programmer would write it for the real scene: measure each
 * box as it passes the height sensors (Low sees every box, High only high ones), load the pallet
 * waiting at the pallet sensor onto the transfer when the transfer is free, send low boxes left
 * and high ones right when `Loaded`, and count each pallet at the exit's entry sensor.
 */
function sortingController() {
  const edge = { low: new Rising(), loaded: new Rising(), left: new Rising(), right: new Rising() };
  const m = {
    load: false,
    left: false,
    right: false,
    counter: 0,
    /** Heights measured and not yet loaded, oldest first. */
    queue: [] as ('low' | 'high')[],
    /** What the sensors said of each pallet loaded, and where it was sent. */
    sent: [] as { height: 'low' | 'high'; side: 'left' | 'right' }[],
    /** Where the exits' entry sensors saw pallets arrive. */
    arrived: [] as ('left' | 'right')[],
  };
  const scan = (i: Record<string, TagValue>): Record<string, TagValue> => {
    const pallet = i['Pallet sensor'] === true;
    // Both height sensors turn on together for a high box.
    if (edge.low.q(i['Low sensor'])) m.queue.push(i['High sensor'] === true ? 'high' : 'low');
    if (edge.loaded.q(i['Loaded']) && m.load) {
      m.load = false;
      const height = m.queue.shift() ?? 'low';
      const side = height === 'low' ? 'left' : 'right';
      m.sent.push({ height, side });
      m[side] = true;
    }
    for (const side of ['left', 'right'] as const) {
      // The entry sensors are retro-reflective, as in the real scene: off while a box is there.
      if (!edge[side].q(i[`At ${side} entry`] === false)) continue;
      m[side] = false;
      m.arrived.push(side);
      m.counter++;
    }
    if (pallet && !m.load && !m.left && !m.right) m.load = true;
    return {
      'Conveyor entry': !pallet || m.load,
      Load: m.load,
      'Transf. left': m.left,
      'Transf. right': m.right,
      'Conveyor left': true,
      'Conveyor right': true,
      Counter: m.counter,
    };
  };
  return { scan, m };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tagsim serve with the Sorting by Height (Basic) plant, over HTTP', () => {
  it('a controller scanning every 20 ms sorts 10 boxes by height', { timeout: 45_000 }, async () => {
    // The line after the address: it may arrive a moment after the address did.
    await expect.poll(server.out).toContain('Simulation: running at 4x, seed 1;');
    const { scan, m } = sortingController();
    const started = Date.now();
    while (m.counter < 10) {
      if (Date.now() - started > TIME_LIMIT_MS) {
        throw new Error(`Counter ${m.counter} after ${TIME_LIMIT_MS} ms: ${JSON.stringify(m)}`);
      }
      const begun = Date.now();
      await tags.write(scan(await tags.read(INPUTS)));
      await sleep(Math.max(0, SCAN_MS - (Date.now() - begun)));
    }

    // The Counter the controller wrote, read back from the server.
    expect(await tags.read(['Counter'])).toEqual({ Counter: 10 });
    // The sensors showed low and high boxes alternately, low first, as the scene feeds them...
    expect(m.sent.map((s) => s.height)).toEqual([
      'low',
      'high',
      'low',
      'high',
      'low',
      'high',
      'low',
      'high',
      'low',
      'high',
    ]);
    // ...each went to its side, and the exits' sensors saw them arrive there, in that order.
    expect(m.sent.every((s) => s.side === (s.height === 'low' ? 'left' : 'right'))).toBe(true);
    expect(m.arrived).toEqual(m.sent.map((s) => s.side));
    // The simulator's system tags tell the same story: running, at 4x.
    expect(await tags.read(['FACTORY I/O (Running)', 'FACTORY I/O (Time Scale)'])).toEqual({
      'FACTORY I/O (Running)': true,
      'FACTORY I/O (Time Scale)': 4,
    });
  });
});
