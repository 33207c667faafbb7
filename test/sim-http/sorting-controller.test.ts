// The end-to-end check: the real `tagsim serve` (a child process of the built CLI) serves
// "Sorting by Height (Basic)" with its plant running, and a straightforward controller written
// for the real scene, talking HTTP only (GET /api/tag/values/by-name with a body, PUT
// /api/tag/values/by-name) and scanning every 20 ms, sorts boxes by height until its Counter
// reaches 10; so does a controller that reads the height while the pallet waits at the pallet
// sensor, as public controllers of the real scene do (docs/fidelity.md, "Geometry"), on a server
// of its own. The server runs at 4x, so that the minute of plant time takes about 16 s while the
// shortest thing to see (a box passing the height sensors, 1.1 s of plant time) still lasts
// about 14 scans.
import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byNameClient, type ByNameClient } from '../support/by-name.js';
import { INPUTS, palletSensorController, sortTenBoxes } from '../support/sorting-controller.js';
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

describe('tagsim serve with the Sorting by Height (Basic) plant, over HTTP', () => {
  it('a controller scanning every 20 ms sorts 10 boxes by height', { timeout: 45_000 }, async () => {
    // The line after the address: it may arrive a moment after the address did.
    await expect.poll(server.out).toContain('Simulation: running at 4x, seed 1;');
    await sortTenBoxes(async (scan) => tags.write(scan(await tags.read(INPUTS))), {
      scanMs: SCAN_MS,
      timeLimitMs: TIME_LIMIT_MS,
    });
    // The Counter the controller wrote, read back from the server.
    expect(await tags.read(['Counter'])).toEqual({ Counter: 10 });
    // The simulator's system tags tell the same story: running, at 4x.
    expect(await tags.read(['FACTORY I/O (Running)', 'FACTORY I/O (Time Scale)'])).toEqual({
      'FACTORY I/O (Running)': true,
      'FACTORY I/O (Time Scale)': 4,
    });
  });

  it(
    'a controller that reads the height while the pallet waits at the pallet sensor sorts 10 boxes',
    { timeout: 45_000 },
    async () => {
      // Its own server, so that its first pallet is the scene's first (a low box).
      const own = await serveTagsim(['--scene', 'Sorting by Height (Basic)', '--time-scale', '4']);
      const ownAgent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const client = byNameClient(own.url, ownAgent);
        const controller = palletSensorController();
        await sortTenBoxes(async (scan) => client.write(scan(await client.read(INPUTS))), {
          scanMs: SCAN_MS,
          timeLimitMs: TIME_LIMIT_MS,
          controller,
        });
        // It never found the curtain's height beams dark while a pallet waited there.
        expect(controller.m.noHeight).toBe(0);
        expect(await client.read(['Counter'])).toEqual({ Counter: 10 });
      } finally {
        ownAgent.destroy();
        expect(await own.stop()).toBe(0);
      }
    },
  );
});
