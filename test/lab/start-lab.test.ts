// startLab: N stations in one process, each a TagSim of its own. Real servers on 127.0.0.1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSharedTicker } from '../../main/lab/shared-ticker.js';
import { startLab, type Lab } from '../../main/lab/start-lab.js';
import { LabStartError } from '../../main/lab/station-scenes.js';
import type { LabCommand } from '../../main/cli/lab-command.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { keyOf, writeFactoryIo } from '../support/factoryio-writer.mjs';
import { apiClient } from '../support/http-client.js';

const open: Lab[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((lab) => lab.close()));
});

async function listenOn(port: number): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A free port whose next port is held by another program, so a lab starting there fails at station 2. */
async function freePortBeforeATakenOne(): Promise<{ port: number; blocker: Server }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const probe = (await listenOn(0))!;
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    if (port >= 65535) continue;
    const blocker = await listenOn(port + 1);
    if (blocker) return { port, blocker };
  }
  throw new Error('no free pair of ports');
}

describe('startLab', () => {
  it('holds independent stations: own port, scene, state and simulation', async () => {
    const lab = await startLab({
      stations: [{ scene: { builtin: 'Filling Tank' }, label: 'Bench 1' }, {}, {}],
      port: 0,
      simulation: { startRunning: false },
    });
    open.push(lab);
    const [a, b, c] = lab.stations;
    expect(lab.stations.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(a!.label).toBe('Bench 1');
    expect(new Set(lab.stations.map((s) => s.tagsim.url)).size).toBe(3);
    expect(a!.tagsim.engine.scene.name).toBe('Filling Tank');
    expect(b!.tagsim.engine.scene.name).toBe('Sorting by Height (Basic)');
    const counter = b!.tagsim.engine.listTags({ name: 'Counter' })[0]!;
    const put = await apiClient(b!.tagsim.url!).put('/api/tag/values-force', [{ id: counter.id, value: 7 }]);
    expect(put.json).toEqual([]);
    expect(b!.tagsim.engine.getTag(counter.id)!.value).toBe(7);
    expect(c!.tagsim.engine.getTag(counter.id)!.value).toBe(0);
    b!.tagsim.simulation.run();
    expect(c!.tagsim.simulation.status.state).toBe('stopped');
  });

  it('serves a saved scene of the simulator (--scene cell.factoryio) at every station that names it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tagsim-lab-fio-')), 'Cell.factoryio');
    const key = keyOf('lab cell belt');
    writeFileSync(
      file,
      writeFactoryIo({
        parts: [
          {
            prefab: 'BeltConveyor4M',
            position: [0, 3, 0],
            yaw: 90,
            groups: [{ tags: [{ element: 'BinaryOutput', name: 'Belt', address: 0, key }] }],
          },
        ],
      }),
    );
    const command = parseCli(['lab', '--stations', '2', '--scene', file, '--port', '0']) as LabCommand;
    if (!('scenes' in command.stations)) throw new Error('no scenes');
    const lab = await startLab({
      stations: command.stations.scenes.map((scene) => (scene ? { scene } : {})),
      port: 0,
      simulation: { startRunning: false },
    });
    open.push(lab);
    for (const s of lab.stations)
      expect(s.tagsim.engine.getTag(key)).toMatchObject({ name: 'Belt', kind: 'Output' });
    expect(lab.stations[0]!.tagsim.engine.scene.name).toBe('Cell');
  });

  it('names the station whose port is taken, and leaves nothing running', async () => {
    const { port, blocker } = await freePortBeforeATakenOne();
    try {
      const failed = startLab({ stations: [{}, {}], port });
      await expect(failed).rejects.toBeInstanceOf(LabStartError);
      await expect(failed).rejects.toMatchObject({
        station: 2,
        message: `station 2: port ${port + 1} on 127.0.0.1 is already in use; stop the other program or choose another port with --port`,
      });
      // Station 1 was closed again: its port is free.
      const again = await listenOn(port);
      expect(again).toBeDefined();
      await new Promise((resolve) => again!.close(resolve));
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses a plan that does not fit before binding anything', async () => {
    await expect(startLab({ stations: [], port: 0 })).rejects.toThrow('a lab has 1 to 64 stations; got 0');
    await expect(startLab({ stations: [{}, {}], port: 65535 })).rejects.toThrow(
      '2 stations from port 65535 would need ports up to 65536',
    );
  });
});

describe('the shared ticker', () => {
  it('runs every callback of a period from one timer, and one that throws does not stop the others', () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const ticker = createSharedTicker((e) => errors.push(e));
      const ran: string[] = [];
      const stopA = ticker.every(() => ran.push('a'), 10);
      ticker.every(() => {
        throw new Error('broken');
      }, 10);
      ticker.every(() => ran.push('b'), 10);
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(20);
      expect(ran).toEqual(['a', 'b', 'a', 'b']);
      expect(errors).toHaveLength(2);
      stopA();
      vi.advanceTimersByTime(10);
      expect(ran.slice(4)).toEqual(['b']);
      ticker.dispose();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
