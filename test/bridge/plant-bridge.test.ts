// The Plant view's state over every transport of the bridge (issue 23): only to the windows that
// watch it, the whole snapshot first and then changes that give exactly the plant as it is, and
// no work at all for the server while no window watches.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeClient, type BridgeClient } from '../../shared/bridge/bridge-client.js';
import { applyJsonDelta, roundJsonNumbers, type Json } from '../../shared/plant/json-delta.js';
import type { PlantFrame } from '../../shared/plant/plant-frame.js';
import { snapshotPlant } from '../../shared/plant/snapshot.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { inMemoryTransport, inProcessTransport, uiWebSocketTransport } from '../support/bridge-transports.js';

const TOKEN = 'plant-token';

/** A window over one transport: its client, the frames it got, and the plant it would draw. */
interface Window {
  client: BridgeClient;
  frames: PlantFrame[];
  drawn(): Json | undefined;
  close(): void;
}

type Connect = (tagsim: TagSim) => Promise<{ client: BridgeClient; close(): void }>;

const transports: [string, Connect][] = [
  ['in-process', async (t) => withClient(inProcessTransport(t.bridge))],
  ['in-memory', async (t) => withClient(inMemoryTransport(t.bridge))],
  [
    'WebSocket',
    async (t) =>
      withClient(await uiWebSocketTransport(`${t.url!.replace('http:', 'ws:')}/ui/ws?token=${TOKEN}`)),
  ],
];

function withClient(transport: Parameters<typeof createBridgeClient>[0] & { close(): void }) {
  return { client: createBridgeClient(transport), close: () => transport.close() };
}

async function openWindow(tagsim: TagSim, connect: Connect): Promise<Window> {
  const { client, close } = await connect(tagsim);
  const frames: PlantFrame[] = [];
  let drawn: Json | undefined;
  client.on('plant', (frame) => {
    frames.push(frame);
    if ('snapshot' in frame) drawn = frame.snapshot as unknown as Json;
    else {
      const previous = frames.at(-2)!;
      expect(frame.base).toBe(previous.seq);
      drawn = applyJsonDelta(drawn!, frame.delta);
    }
  });
  return { client, frames, drawn: () => drawn, close };
}

/** The plant as the server has it, rounded as the stream sends it. */
const plantNow = (tagsim: TagSim) =>
  roundJsonNumbers(snapshotPlant(tagsim.simulation.simulation) as unknown as Json, 4);

describe.each(transports)('the plant over %s', (_name, connect) => {
  let tagsim: TagSim | undefined;
  const windows: Window[] = [];
  afterEach(async () => {
    windows.splice(0).forEach((w) => w.close());
    await tagsim?.close();
    tagsim = undefined;
  });

  async function setup(): Promise<TagSim> {
    tagsim = await startTagSim({
      scene: { builtin: 'From A to B' },
      server: { port: 0 },
      ui: { rendererDir: mkdtempSync(join(tmpdir(), 'tagsim-ui-')), token: TOKEN },
      // The virtual clock: the plant moves only when the test advances it.
      simulation: { startRunning: true, clock: 'virtual' },
    });
    const belt = tagsim.engine.listTags({ name: 'Conveyor', kind: 'Output' })[0]!;
    tagsim.engine.write('set', 'id', [{ id: belt.id, value: true }], 'api');
    return tagsim;
  }
  const open = async (t: TagSim) => {
    const w = await openWindow(t, connect);
    windows.push(w);
    return w;
  };

  it('sends a watching window the whole plant, then changes that give the plant as it is', async () => {
    const t = await setup();
    const w = await open(t);
    await w.client.watchPlant();
    await vi.waitFor(() => expect(w.frames).toHaveLength(1));
    expect(w.frames[0]).toHaveProperty('snapshot');
    expect(w.drawn()).toEqual(plantNow(t));
    await t.simulation.advance(3000);
    await vi.waitFor(() => expect(w.drawn()).toEqual(plantNow(t)));
    expect(w.frames.at(-1)).toHaveProperty('delta');
    const items = (w.drawn() as { conveyors: { items: { front: number }[] }[] }).conveyors[0]!.items;
    expect(items[0]!.front).toBeGreaterThan(0.5);
  });

  it('sends nothing to a window that does not watch, and stops when a window unwatches', async () => {
    const t = await setup();
    const watching = await open(t);
    const other = await open(t);
    await watching.client.watchPlant();
    await t.simulation.advance(500);
    await vi.waitFor(() => expect(watching.drawn()).toEqual(plantNow(t)));
    await watching.client.unwatchPlant();
    const seen = watching.frames.length;
    await t.simulation.advance(500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watching.frames).toHaveLength(seen);
    expect(other.frames).toEqual([]);
  });

  it('takes no snapshot of the plant while no window watches', async () => {
    const t = await setup();
    const snapshot = vi.spyOn(t.simulation.simulation, 'snapshot');
    const w = await open(t);
    await t.simulation.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshot).not.toHaveBeenCalled();
    await w.client.watchPlant();
    await t.simulation.advance(1000);
    await vi.waitFor(() => expect(w.drawn()).toEqual(plantNow(t)));
    await w.client.unwatchPlant();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const taken = snapshot.mock.calls.length;
    await t.simulation.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshot).toHaveBeenCalledTimes(taken);
  });

  it('sends the whole plant again to a window that watches again (it missed an update)', async () => {
    const t = await setup();
    const w = await open(t);
    await w.client.watchPlant();
    await t.simulation.advance(1000);
    await vi.waitFor(() => expect(w.drawn()).toEqual(plantNow(t)));
    await w.client.watchPlant();
    await vi.waitFor(() => expect(w.frames.at(-1)).toHaveProperty('snapshot'));
    expect(w.frames.at(-1)).toEqual({ seq: w.frames.at(-2)!.seq, snapshot: plantNow(t) });
  });
});

describe('the plant over the window socket', () => {
  it('stops when the socket of the only watching window closes', async () => {
    const tagsim = await startTagSim({
      scene: { builtin: 'From A to B' },
      server: { port: 0 },
      ui: { rendererDir: mkdtempSync(join(tmpdir(), 'tagsim-ui-')), token: TOKEN },
      simulation: { startRunning: true, clock: 'virtual' },
    });
    try {
      const w = await openWindow(tagsim, transports[2]![1]);
      const snapshot = vi.spyOn(tagsim.simulation.simulation, 'snapshot');
      await w.client.watchPlant();
      await vi.waitFor(() => expect(w.frames).toHaveLength(1));
      w.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const taken = snapshot.mock.calls.length;
      await tagsim.simulation.advance(2000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(snapshot).toHaveBeenCalledTimes(taken);
    } finally {
      await tagsim.close();
    }
  });

  it('is refused, with a reason, to a host with no window of its own (the tray)', async () => {
    const tagsim = await startTagSim({ listen: 'later', simulation: { every: () => () => undefined } });
    try {
      await expect(tagsim.bridge.api.watchPlant()).rejects.toThrow(/through a window's connection/);
    } finally {
      await tagsim.close();
    }
  });
});
