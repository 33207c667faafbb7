// The window's plant state follows the simulation clock (issue 23, point 4), end to end: the
// renderer's own PlantFeed over its own WebSocket transport to a real `tagsim serve --ui`. Pause
// freezes it, the time scale speeds it, a virtual clock advanced over the control API jumps it to
// the new state, and a reset puts the items back.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBridgeClient, type BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { PlantFrame } from '../../../shared/plant/plant-frame.js';
import { roundJsonNumbers, type Json } from '../../../shared/plant/json-delta.js';
import type { PlantSnapshot } from '../../../shared/plant/plant-types.js';
import { snapshotPlant } from '../../../shared/plant/snapshot.js';
import { startTagSim, type TagSim } from '../../../main/compose/start-tagsim.js';
import { bridgePlantFrames, PlantFeed } from '../../../renderer/state/plant-feed.js';
import type { ConnectionSource, ConnectionState } from '../../../renderer/transport/connection.js';
import type { WsTransport } from '../../../renderer/transport/ws-transport.js';
import { uiWebSocketTransport } from '../../support/bridge-transports.js';

const TOKEN = 'feed-token';
let tagsim: TagSim | undefined;
let transport: WsTransport | undefined;
afterEach(async () => {
  transport?.close();
  await tagsim?.close();
  tagsim = transport = undefined;
});

/** `tagsim serve --ui --control` with From A to B, its belt switched on by a "controller". */
async function serve(): Promise<{
  tagsim: TagSim;
  feed: PlantFeed;
  stop: () => void;
  initial: PlantSnapshot;
}> {
  tagsim = await startTagSim({
    scene: { builtin: 'From A to B' },
    server: { port: 0 },
    ui: { rendererDir: mkdtempSync(join(tmpdir(), 'tagsim-ui-')), token: TOKEN },
    simulation: { startRunning: true },
  });
  // The plant before its belt ever ran: the first box where the feeder put it.
  const initial = serverPlant(tagsim);
  const belt = tagsim.engine.listTags({ name: 'Conveyor', kind: 'Output' })[0]!;
  const put = await fetch(`${tagsim.url}/api/tag/values`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify([{ id: belt.id, value: true }]),
  });
  expect(put.status).toBe(200);
  transport = await uiWebSocketTransport(`${tagsim.url!.replace('http:', 'ws:')}/ui/ws?token=${TOKEN}`);
  const feed = new PlantFeed(bridgePlantFrames(createBridgeClient(transport)), transport);
  return { tagsim, feed, stop: feed.start(), initial };
}

const front = (feed: PlantFeed) => feed.snapshot?.conveyors[0]?.items[0]?.front;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const serverPlant = (t: TagSim) =>
  roundJsonNumbers(snapshotPlant(t.simulation.simulation) as unknown as Json, 4) as unknown as PlantSnapshot;

describe("the window's plant state", () => {
  it('moves while the plant runs, and freezes while it is paused', async () => {
    const { tagsim: t, feed } = await serve();
    await vi.waitFor(() => expect(front(feed)).toBeGreaterThan(0.6), { timeout: 5000 });
    t.bridge.api.pauseSimulation();
    await vi.waitFor(() => expect(feed.snapshot).toEqual(serverPlant(t)));
    const frozen = feed.snapshot;
    const updates = vi.fn();
    feed.changes.subscribe(updates);
    await sleep(400);
    expect(updates).not.toHaveBeenCalled();
    expect(feed.snapshot).toBe(frozen);
  });

  it('runs faster at a higher time scale', async () => {
    const { tagsim: t, feed } = await serve();
    await vi.waitFor(() => expect(feed.snapshot?.timeMs).toBeGreaterThan(0));
    const planTime = async () => {
      const from = feed.snapshot!.timeMs;
      const started = performance.now();
      await sleep(600);
      return (feed.snapshot!.timeMs - from) / (performance.now() - started);
    };
    const atOne = await planTime();
    await t.bridge.api.setTimeScale({ scale: 8 });
    await sleep(100);
    const atEight = await planTime();
    // Plant milliseconds per real millisecond: about 1, then about 8 (a loaded machine lags).
    expect(atEight).toBeGreaterThan(atOne * 3);
  });

  it('jumps to the new state when the virtual clock is advanced over the control API', async () => {
    const { tagsim: t, feed } = await serve();
    await vi.waitFor(() => expect(feed.snapshot).toBeDefined());
    const clock = await fetch(`${t.url}/tagsim/v1/clock`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'virtual' }),
    });
    expect(clock.status).toBe(200);
    await sleep(100);
    const before = feed.snapshot!.timeMs;
    const advance = await fetch(`${t.url}/tagsim/v1/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ms: 5000 }),
    });
    expect(advance.status).toBe(200);
    await vi.waitFor(() => expect(feed.snapshot).toEqual(serverPlant(t)));
    expect(feed.snapshot!.timeMs).toBeGreaterThanOrEqual(before + 5000);
  });

  it('puts the items back on a reset', async () => {
    const { tagsim: t, feed, initial } = await serve();
    const start = initial.conveyors[0]!.items[0]!;
    await vi.waitFor(() => expect(front(feed)).toBeGreaterThan(start.front + 0.3), { timeout: 5000 });
    t.bridge.api.pauseSimulation();
    t.bridge.api.resetSimulation();
    await vi.waitFor(() => expect(feed.snapshot).toEqual(serverPlant(t)));
    expect(feed.snapshot!.timeMs).toBe(0);
    expect(feed.snapshot!.conveyors[0]!.items).toEqual([start]);
  });

  it('stops: the server then takes no more snapshots for this window', async () => {
    const { tagsim: t, feed, stop } = await serve();
    await vi.waitFor(() => expect(feed.snapshot).toBeDefined());
    const snapshot = vi.spyOn(t.simulation.simulation, 'snapshot');
    await vi.waitFor(() => expect(snapshot).toHaveBeenCalled());
    stop();
    await sleep(200);
    const taken = snapshot.mock.calls.length;
    await sleep(300);
    expect(snapshot).toHaveBeenCalledTimes(taken);
  });
});

describe('the feed, told of gaps', () => {
  function fakeClient() {
    let listener: ((frame: PlantFrame) => void) | undefined;
    const connection = new Set<(state: ConnectionState) => void>();
    const client = {
      on: vi.fn((_event: string, l: (frame: PlantFrame) => void) => {
        listener = l;
        return () => (listener = undefined);
      }),
      watchPlant: vi.fn(async () => undefined),
      unwatchPlant: vi.fn(async () => undefined),
    };
    const link: ConnectionSource = {
      connection: { status: 'connected' },
      onConnection: (l) => {
        connection.add(l);
        return () => connection.delete(l);
      },
    };
    const feed = new PlantFeed(bridgePlantFrames(client as unknown as BridgeClient), link, () => 42);
    return {
      client,
      feed,
      send: (frame: unknown) => listener?.(frame as PlantFrame),
      reconnect: () => connection.forEach((l) => l({ status: 'connected' })),
    };
  }
  const whole = (seq: number, timeMs: number) => ({ seq, snapshot: { timeMs, conveyors: [] } });
  const tick = (seq: number, timeMs: number) => ({
    seq,
    base: seq - 1,
    delta: { o: { timeMs: { r: timeMs } } },
  });

  it('applies changes in order and says when the last one came', () => {
    const { feed, send } = fakeClient();
    const stop = feed.start();
    send(whole(3, 0));
    send(tick(4, 10));
    expect(feed.snapshot).toEqual({ timeMs: 10, conveyors: [] });
    expect(feed.receivedAt).toBe(42);
    stop();
  });

  it('asks for the whole snapshot after a gap or a delta that does not fit, and ignores changes until it comes', () => {
    const { client, feed, send } = fakeClient();
    feed.start();
    expect(client.watchPlant).toHaveBeenCalledTimes(1);
    send(tick(2, 10)); // before any whole snapshot: of no use
    send(whole(3, 0));
    send(tick(5, 20)); // 4 went missing
    expect(client.watchPlant).toHaveBeenCalledTimes(2);
    send(tick(6, 30));
    expect(client.watchPlant).toHaveBeenCalledTimes(2);
    expect(feed.snapshot).toEqual({ timeMs: 0, conveyors: [] });
    send(whole(6, 30));
    send({ seq: 7, base: 6, delta: { i: { 0: { r: 1 } } } }); // an array delta for an object
    expect(client.watchPlant).toHaveBeenCalledTimes(3);
    expect(feed.snapshot).toEqual({ timeMs: 30, conveyors: [] });
  });

  it('watches again on a new connection, and unwatches when stopped', () => {
    const { client, feed, reconnect, send } = fakeClient();
    const stop = feed.start();
    send(whole(1, 0));
    reconnect();
    expect(client.watchPlant).toHaveBeenCalledTimes(2);
    stop();
    expect(client.unwatchPlant).toHaveBeenCalledTimes(1);
    reconnect();
    send(whole(9, 90));
    expect(client.watchPlant).toHaveBeenCalledTimes(2);
    expect(feed.snapshot?.timeMs).toBe(0);
  });
});
