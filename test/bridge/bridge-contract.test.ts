// One contract, three transports: whatever carries the bridge, the UI sees the same core.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeClient, type BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { SimulationStatus, TagsEvent } from '../../shared/bridge/bridge-spec.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { startTagSim } from '../../main/compose/start-tagsim.js';
import { inMemoryTransport, inProcessTransport, uiWebSocketTransport } from '../support/bridge-transports.js';

interface Fixture {
  client: BridgeClient;
  engine: TagEngine;
  close(): Promise<void>;
}

async function localFixture(makeTransport: typeof inProcessTransport): Promise<Fixture> {
  // No port and no timer: the plant stays still unless a test runs it.
  const tagsim = await startTagSim({
    listen: 'later',
    simulation: { startRunning: false, every: () => () => undefined },
  });
  return {
    client: createBridgeClient(makeTransport(tagsim.bridge)),
    engine: tagsim.engine,
    close: () => tagsim.close(),
  };
}

/** The browser window's path: the production WebSocket transport to `tagsim serve --ui`. */
async function webSocketFixture(): Promise<Fixture> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-ui-'));
  // Not started: the plant would move the sensors the tests set.
  const tagsim = await startTagSim({
    server: { port: 0 },
    ui: { rendererDir, token: 'contract-token' },
    simulation: { startRunning: false },
  });
  const transport = await uiWebSocketTransport(
    `${tagsim.url!.replace('http:', 'ws:')}/ui/ws?token=contract-token`,
  );
  return {
    client: createBridgeClient(transport),
    engine: tagsim.engine,
    close: async () => {
      transport.close();
      await tagsim.close();
    },
  };
}

const transports: [string, () => Promise<Fixture>][] = [
  ['in-process', () => localFixture(inProcessTransport)],
  ['in-memory', () => localFixture(inMemoryTransport)],
  ['WebSocket', webSocketFixture],
];

describe.each(transports)('the bridge over %s', (_name, makeFixture) => {
  let fixture: Fixture | undefined;
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });
  const setup = async () => (fixture = await makeFixture());
  const idOf = (engine: TagEngine, name: string, kind: 'Input' | 'Output' = 'Input') =>
    engine.listTags({ name, kind })[0]!.id;

  it('gives the whole state with raw values', async () => {
    const { client } = await setup();
    const state = await client.getState();
    expect(state.scene).toEqual({ name: DEFAULT_SCENE_NAME, tagCount: 40 });
    expect(state.tags).toHaveLength(40);
    expect(state.tags.find((t) => t.name === 'Conveyor entry')).toMatchObject({ raw: false, value: false });
    expect(state.pinned).toEqual([]);
    expect(state.stats).toEqual({ requestsPerSecond: 0, clients: 0 });
  });

  it('sets a sensor, forces, fails and releases a tag', async () => {
    const { client, engine } = await setup();
    const sensor = idOf(engine, 'Pallet sensor');
    expect(await client.setValue({ id: sensor, value: true })).toBeNull();
    expect(engine.getTag(sensor)!.value).toBe(true);
    expect(await client.force({ id: sensor, value: 'false' })).toBeNull();
    expect(engine.getTag(sensor)).toMatchObject({ value: false, isForced: true, forcedValue: false });
    expect(await client.setFailure({ id: sensor, failure: 'alwaysOn' })).toBeNull();
    expect(engine.getTag(sensor)).toMatchObject({ value: true, shortCircuit: true, openCircuit: false });
    expect(await client.setFailure({ id: sensor, failure: 'alwaysOff' })).toBeNull();
    expect(engine.getTag(sensor)).toMatchObject({ value: false, shortCircuit: false, openCircuit: true });
    expect(await client.setFailure({ id: sensor, failure: 'none' })).toBeNull();
    expect(await client.release({ id: sensor })).toBeNull();
    expect(engine.getTagState(sensor)).toMatchObject({
      value: true,
      raw: true,
      isForced: false,
      openCircuit: false,
    });
  });

  it('reports conversion and unknown-tag problems as the API does', async () => {
    const { client, engine } = await setup();
    const counter = idOf(engine, 'Counter', 'Output');
    expect(await client.setValue({ id: counter, value: '1.5' })).toEqual({
      id: counter,
      code: 406,
      error: 'Could not convert value to the tag data type: Int.',
    });
    expect(await client.force({ id: 'nope', value: 1 })).toEqual({
      id: 'nope',
      code: 404,
      error: "Tag with id 'nope' not found.",
    });
    expect(engine.getTag(counter)!.value).toBe(0);
  });

  it('releases all forces and clears all failures, leaving the forces of the scene itself', async () => {
    const { client, engine } = await setup();
    const [a, b] = engine.listTags({ kind: 'Input' });
    const emitter = engine.tagsNamed('Emitter')[0]!;
    await client.force({ id: a!.id, value: true });
    await client.force({ id: emitter.id, value: false });
    await client.setFailure({ id: b!.id, failure: 'alwaysOn' });
    await client.releaseAll(undefined);
    await client.clearFailures(undefined);
    // The scene keeps its emitter and removers forced on: Release all puts that back.
    expect(
      engine
        .listTags()
        .filter((t) => t.isForced || t.shortCircuit || t.openCircuit)
        .map((t) => [t.name, t.value]),
    ).toEqual([
      ['Emitter', true],
      ['Remover left', true],
      ['Remover right', true],
    ]);
  });

  it('pins quick faults and announces the list', async () => {
    const { client, engine } = await setup();
    const [a, b] = engine.listTags();
    const announced: string[][] = [];
    client.on('pinned', (ids) => announced.push(ids));
    expect(await client.setPinned({ id: a!.id, pinned: true })).toEqual([a!.id]);
    expect(await client.setPinned({ id: b!.id, pinned: true })).toEqual([a!.id, b!.id]);
    expect(await client.setPinned({ id: a!.id, pinned: false })).toEqual([b!.id]);
    await expect.poll(() => announced.length).toBe(3);
    expect((await client.getState()).pinned).toEqual([b!.id]);
  });

  it('pushes changed tags, coalesced, whoever changed them', async () => {
    const { client, engine } = await setup();
    const events: TagsEvent[] = [];
    client.on('tags', (e) => events.push(e));
    const counter = idOf(engine, 'Counter', 'Output');
    for (let i = 1; i <= 200; i++) engine.write('set', 'id', [{ id: counter, value: i }]);
    await expect.poll(() => events.at(-1)?.tags.find((t) => t.id === counter)?.value).toBe(200);
    // 200 writes in one tick reach the UI as one or two updates, not 200.
    expect(events.length).toBeLessThanOrEqual(2);
    expect(events.at(-1)!.tags).toHaveLength(1);
    expect(events.at(-1)!.sceneChanged).toBe(false);
  });

  it('refuses payloads that do not match the spec and changes nothing', async () => {
    const { client, engine } = await setup();
    const id = engine.listTags()[0]!.id;
    const before = engine.listTagStates();
    const invoke = client.setFailure as unknown as (args: unknown) => Promise<unknown>;
    await expect(invoke({ id, failure: 'sometimes' })).rejects.toThrow(
      'setFailure.failure must be one of none, alwaysOff, alwaysOn; got string.',
    );
    await expect(invoke({ id, failure: 'alwaysOn', extra: 1 })).rejects.toThrow(
      'setFailure.extra is not a known field.',
    );
    await expect(invoke('nope')).rejects.toThrow('setFailure must be an object; got string.');
    const setValue = client.setValue as unknown as (args: unknown) => Promise<unknown>;
    await expect(setValue({ id, value: { evil: true } })).rejects.toThrow(
      'setValue.value must be a boolean, a number or a string; got object.',
    );
    expect(engine.listTagStates()).toEqual(before);
  });

  it('gives the simulation in the state, and runs, pauses, resets and scales it', async () => {
    const { client, engine } = await setup();
    const statuses: SimulationStatus[] = [];
    client.on('simulation', (status) => statuses.push(status));
    expect((await client.getState()).simulation).toEqual({
      state: 'stopped',
      timeScale: 1,
      timeMs: 0,
      clientWritten: false,
    });
    expect(await client.runSimulation(undefined)).toMatchObject({ state: 'running', timeScale: 1 });
    expect(engine.tagsNamed('FACTORY I/O (Running)')[0]!.value).toBe(true);
    expect(await client.setTimeScale({ scale: 4 })).toMatchObject({ state: 'running', timeScale: 4 });
    expect(engine.tagsNamed('FACTORY I/O (Time Scale)')[0]!.value).toBe(4);
    expect(await client.pauseSimulation(undefined)).toMatchObject({ state: 'paused', timeScale: 4 });
    expect(engine.tagsNamed('FACTORY I/O (Paused)')[0]!.value).toBe(true);
    // Reset: initial values back (forces stay), the Reset Input pulses, paused stays paused.
    const counter = idOf(engine, 'Counter', 'Output');
    const entry = idOf(engine, 'Conveyor entry', 'Output');
    await client.setValue({ id: counter, value: 7 });
    await client.force({ id: entry, value: true });
    expect(await client.resetSimulation(undefined)).toEqual({
      state: 'paused',
      timeScale: 4,
      timeMs: 0,
      clientWritten: false,
    });
    expect(engine.getTagState(counter)).toMatchObject({ value: 0, raw: 0 });
    expect(engine.getTagState(entry)).toMatchObject({ value: true, isForced: true });
    expect(engine.listTags({ name: 'FACTORY I/O (Reset)', kind: 'Input' })[0]!.value).toBe(true);
    await expect
      .poll(() => statuses.map((s) => `${s.state} ${s.timeScale}`))
      .toEqual(['running 1', 'running 4', 'paused 4', 'paused 4']);
    expect((await client.getState()).simulation).toMatchObject({ state: 'paused', timeScale: 4 });
  });

  it('edits the plant: a behaviour added, refused with its place, or not JSON at all', async () => {
    const { client } = await setup();
    const before = (await client.getScenes(undefined)).document.scene.behaviours!;
    const rule = { name: 'Loaded early', when: { rising: 'Load' }, then: [{ set: 'Loaded', value: true }] };
    const added = await client.editScene({ edit: { op: 'addBehaviour', behaviour: rule } });
    expect(added).toMatchObject({ ok: false, reason: 'invalid' });
    // 'Loaded' is a conveyor sensor of this plant: the refusal names the place, nothing changed.
    expect(added.ok ? [] : 'problems' in added ? added.problems : []).toEqual([
      `behaviours[${before.length}].then[0].set: 'Loaded' is already driven by a conveyor sensor (behaviours[1]), which sets it every step; remove one of the two`,
    ]);
    const moved = await client.editScene({ edit: { op: 'moveBehaviour', index: 5, toIndex: 0 } });
    expect(
      moved.ok && moved.document.scene.behaviours!.map((b) => ('conveyor' in b ? b.conveyor : '')),
    ).toEqual(['right', 'entry', 'transfer', 'to left', 'to right', 'left']);
    expect((await client.undoEdit(undefined)).scene.behaviours).toEqual(before);
    const edit = client.editScene as unknown as (args: unknown) => Promise<unknown>;
    await expect(edit({ edit: { op: 'addBehaviour', behaviour: 'sine' } })).rejects.toThrow(
      'editScene.edit.behaviour must be an object; got string.',
    );
    await expect(edit({ edit: { op: 'deleteBehaviour', index: -1 } })).rejects.toThrow(
      'editScene.edit.index must be a whole number from 0 to 10000; got number.',
    );
    let deep: unknown = {};
    for (let i = 0; i < 40; i++) deep = { not: deep };
    await expect(edit({ edit: { op: 'addBehaviour', behaviour: { when: deep, then: [] } } })).rejects.toThrow(
      'is nested too deeply.',
    );
    expect((await client.getScenes(undefined)).document.scene.behaviours).toEqual(before);
  });

  it("edits the scene's layout for the Plant view, with the file's checks", async () => {
    const { client } = await setup();
    const layout = { conveyors: { entry: { x: 0, y: 1, angle: 0 } }, panel: { x: 0, y: 5 } };
    const set = await client.editScene({ edit: { op: 'setLayout', layout } });
    expect(set.ok && set.document.scene.layout).toEqual(layout);
    // A layout the types refuse still reaches the file's checks (a window sends JSON).
    const badLayout = { panel: { x: 'left', y: 0 } } as unknown as typeof layout;
    const refused = await client.editScene({ edit: { op: 'setLayout', layout: badLayout } });
    expect(refused.ok ? [] : 'problems' in refused ? refused.problems : []).toEqual([
      'layout.panel.x: must be a number of metres from -10000 to 10000; got "left"',
    ]);
    const edit = client.editScene as unknown as (args: unknown) => Promise<unknown>;
    await expect(edit({ edit: { op: 'setLayout', layout: 'left' } })).rejects.toThrow(
      'editScene.edit.layout must be an object; got string.',
    );
    expect((await client.getScenes(undefined)).document.scene.layout).toEqual(layout);
    const cleared = await client.editScene({ edit: { op: 'setLayout', layout: null } });
    expect(cleared.ok && cleared.document.scene).not.toHaveProperty('layout');
  });

  it('refuses a time scale the simulator does not offer', async () => {
    const { client } = await setup();
    const invoke = client.setTimeScale as unknown as (args: unknown) => Promise<unknown>;
    await expect(invoke({ scale: 10 })).rejects.toThrow('setTimeScale.scale must be from 0.25 to 8; got 10.');
    await expect(invoke({ scale: 0.1 })).rejects.toThrow(
      'setTimeScale.scale must be from 0.25 to 8; got 0.1.',
    );
    await expect(invoke({ scale: '2' })).rejects.toThrow(
      'setTimeScale.scale must be a finite number; got string.',
    );
    const run = client.runSimulation as unknown as (args: unknown) => Promise<unknown>;
    await expect(run({ now: true })).rejects.toThrow('runSimulation must be absent; got object.');
    expect((await client.getState()).simulation?.timeScale).toBe(1);
  });
});
