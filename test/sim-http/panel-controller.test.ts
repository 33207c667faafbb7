// A controller written against the real "Sorting by Height (Basic)" scene, as public controllers
// of it are (docs/fidelity.md): it starts from the control panel (Start, only in Auto, only with
// the normally closed Stop and Emergency stop at rest), drives the panel's lights, and counts each
// box when it has left its side conveyor past the exit sensor. It talks HTTP only to the real
// `tagsim serve` (4x), while the test acts as the operator at the panel, pressing buttons with
// forces, as a TagSim user does.
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TagValue } from '../../shared/core/tag-types.js';
import { Rising } from '../sim/plc.js';
import { byNameClient, type ByNameClient } from '../support/by-name.js';
import { rawRequest } from '../support/http-client.js';
import { serveTagsim, type ServingTagsim } from '../support/tagsim-process.js';

const SCAN_MS = 20;

let server: ServingTagsim;
let tags: ByNameClient;
const agent = new Agent({ keepAlive: true, maxSockets: 2 });

beforeAll(async () => {
  server = await serveTagsim(['--scene', 'Sorting by Height (Basic)', '--time-scale', '4']);
  tags = byNameClient(server.url, agent);
});

afterAll(async () => {
  agent.destroy();
  expect(await server.stop()).toBe(0);
  expect(server.err()).toBe('');
});

async function put(path: string, body: unknown): Promise<void> {
  const res = await rawRequest(server.url, 'PUT', path, { body: JSON.stringify(body), agent });
  expect([path, res.status, res.json]).toEqual([path, 200, []]);
}

const INPUTS = [
  'Start',
  'Stop',
  'Emergency stop',
  'Auto',
  'Reset',
  'Pallet sensor',
  'Low sensor',
  'High sensor',
  'Loaded',
  'At left entry',
  'At right entry',
  'At left exit',
  'At right exit',
];

/**
 * The controller. Run latch: a rising edge of Start while in Auto with Emergency stop at rest
 * (true) starts; Stop or Emergency stop pressed (false) stops. Lights: Start light while running,
 * Stop light while stopped, Reset light while Reset is held. A pallet goes left when low, right
 * when high; the transfer ends when the box reaches its side conveyor (the entry sensor goes off),
 * and the box is counted when it has passed the exit sensor (the exit sensor comes back on).
 */
function panelController() {
  const edge = {
    start: new Rising(),
    low: new Rising(),
    loaded: new Rising(),
    leftOut: new Rising(),
    rightOut: new Rising(),
  };
  const m = {
    running: false,
    load: false,
    left: false,
    right: false,
    queue: [] as ('low' | 'high')[],
    counted: [] as ('left' | 'right')[],
  };
  const scan = (i: Record<string, TagValue>): Record<string, TagValue> => {
    const start = edge.start.q(i['Start']);
    if (i['Stop'] === false || i['Emergency stop'] === false) m.running = false;
    else if (start && i['Auto'] === true) m.running = true;
    const pallet = i['Pallet sensor'] === true;
    if (edge.low.q(i['Low sensor'])) m.queue.push(i['High sensor'] === true ? 'high' : 'low');
    if (edge.loaded.q(i['Loaded']) && m.load) {
      m.load = false;
      if (m.queue.shift() === 'high') m.right = true;
      else m.left = true;
    }
    if (i['At left entry'] === false) m.left = false;
    if (i['At right entry'] === false) m.right = false;
    if (edge.leftOut.q(i['At left exit'])) m.counted.push('left');
    if (edge.rightOut.q(i['At right exit'])) m.counted.push('right');
    if (m.running && pallet && !m.load && !m.left && !m.right) m.load = true;
    const run = m.running;
    return {
      'Conveyor entry': run && (!pallet || m.load),
      Load: run && m.load,
      'Transf. left': run && m.left,
      'Transf. right': run && m.right,
      'Conveyor left': run,
      'Conveyor right': run,
      Counter: m.counted.length,
      'Start light': run,
      'Stop light': !run,
      'Reset light': i['Reset'] === true,
    };
  };
  return { scan, m };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The operator presses a button for a moment: forced to its pressed value, then released. */
async function press(name: string, pressed: boolean): Promise<void> {
  await put('/api/tag/values-force/by-name', [{ name, value: pressed }]);
  await sleep(150);
  await put('/api/tag/values-release/by-name', [name]);
}

describe('a controller using the panel and the exit sensors of Sorting by Height (Basic)', () => {
  it(
    'starts only in Auto, sorts and counts boxes at the exits, and stops on the emergency stop',
    {
      timeout: 150_000,
    },
    async () => {
      // The panel at rest, as in the real scene.
      expect(await tags.read(['Stop', 'Emergency stop', 'Manual', 'Auto', 'Start'])).toEqual({
        Stop: true,
        'Emergency stop': true,
        Manual: true,
        Auto: false,
        Start: false,
      });
      const { scan, m } = panelController();
      let scanning = true;
      const loop = (async () => {
        while (scanning) {
          const begun = Date.now();
          await tags.write(scan(await tags.read(INPUTS)));
          await sleep(Math.max(0, SCAN_MS - (Date.now() - begun)));
        }
      })();
      try {
        // In Manual, Start does nothing.
        await press('Start', true);
        await sleep(200);
        expect(await tags.read(['Start light', 'Stop light', 'Conveyor entry'])).toEqual({
          'Start light': false,
          'Stop light': true,
          'Conveyor entry': false,
        });
        // The selector turned to Auto (it stays there), then Start.
        await put('/api/tag/values-force/by-name', [
          { name: 'Auto', value: true },
          { name: 'Manual', value: false },
        ]);
        await press('Start', true);
        await vi.waitFor(() => expect(m.running).toBe(true), { timeout: 2000 });
        expect(await tags.read(['Start light', 'Stop light'])).toEqual({
          'Start light': true,
          'Stop light': false,
        });

        // Four boxes, low and high alternately, each counted when it has passed its exit.
        await vi.waitFor(() => expect(m.counted.length).toBeGreaterThanOrEqual(4), {
          timeout: 90_000,
          interval: 50,
        });
        expect(m.counted.slice(0, 4)).toEqual(['left', 'right', 'left', 'right']);
        expect((await tags.read(['Counter']))['Counter']).toBeGreaterThanOrEqual(4);

        // The emergency stop (normally closed: pressed is false) stops everything at once...
        await press('Emergency stop', false);
        await vi.waitFor(() => expect(m.running).toBe(false), { timeout: 2000 });
        await sleep(100);
        expect(await tags.read(['Conveyor entry', 'Conveyor left', 'Start light', 'Stop light'])).toEqual({
          'Conveyor entry': false,
          'Conveyor left': false,
          'Start light': false,
          'Stop light': true,
        });
        // ...and released, it stays stopped until Start.
        await sleep(200);
        expect(m.running).toBe(false);
        await press('Start', true);
        await vi.waitFor(() => expect(m.running).toBe(true), { timeout: 2000 });
      } finally {
        scanning = false;
        await loop;
      }
    },
  );
});
