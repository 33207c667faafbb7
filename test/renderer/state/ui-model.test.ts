import { describe, expect, it } from 'vitest';
import type { UiState } from '../../../shared/bridge/bridge-spec.js';
import { UiModel } from '../../../renderer/state/ui-model.js';
import type { ConnectionState } from '../../../renderer/transport/connection.js';
import { findIpcTransport } from '../../../renderer/transport/ipc-transport.js';
import { fakeHost, unreachableHost } from '../fake-host.js';
import { SCENE, tag } from '../fixtures.js';

function state(over: Partial<UiState> = {}): UiState {
  return {
    scene: SCENE,
    tags: [tag('A'), tag('B')],
    server: {
      state: 'listening',
      host: '127.0.0.1',
      port: 7410,
      url: 'http://127.0.0.1:7410',
      controllable: true,
    },
    stats: { requestsPerSecond: 2, clients: 1 },
    pinned: ['id-B-Input'],
    fileAccess: 'any',
    ...over,
  };
}

function setup(initial: ConnectionState = { status: 'connected' }, now = () => 0) {
  const { client, link, answers, calls, listeners, push } = fakeHost<UiState>(initial);
  const model = new UiModel(client, link, now);
  let notified = 0;
  model.changes.subscribe(() => notified++);
  return { model, link, answers, calls, push, notified: () => notified, listeners };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('UiModel', () => {
  it('loads the whole state when connected, then applies pushed events', async () => {
    const { model, answers, calls, push } = setup();
    model.start();
    expect(calls).toEqual(['getState']);
    expect(model.loaded).toBe(false);
    answers[0]!(state());
    await flush();
    expect(model.loaded).toBe(true);
    expect(model.tags.size).toBe(2);
    expect(model.server?.state).toBe('listening');
    expect(model.isPinned('id-B-Input')).toBe(true);

    push({
      event: 'tags',
      payload: { sceneChanged: false, scene: SCENE, tags: [tag('A', { isForced: true })] },
    });
    expect(model.tags.forcedCount).toBe(1);
    push({ event: 'stats', payload: { requestsPerSecond: 9, clients: 3 } });
    expect(model.stats.requestsPerSecond).toBe(9);
    push({ event: 'pinned', payload: ['id-A-Input'] });
    expect(model.pinned).toEqual(['id-A-Input']);
    expect(model.isPinned('id-B-Input')).toBe(false);
    push({
      event: 'server',
      payload: {
        state: 'failed',
        host: '127.0.0.1',
        port: 7410,
        error: 'port 7410 in use',
        controllable: true,
      },
    });
    expect(model.server?.error).toBe('port 7410 in use');
  });

  it("knows the host's file access only once loaded", async () => {
    const { model, answers } = setup();
    model.start();
    expect(model.fileAccess).toBeUndefined();
    answers[0]!(state({ fileAccess: 'none' }));
    await flush();
    expect(model.fileAccess).toBe('none');
  });

  it('waits for the connection, and reloads everything after a reconnection', async () => {
    const { model, link, answers, calls } = setup({ status: 'connecting', attempt: 0 });
    model.start();
    expect(calls).toEqual([]);
    link.set({ status: 'connected' });
    answers[0]!(state());
    await flush();
    link.set({ status: 'disconnected', attempt: 1, retryAt: 0, everConnected: true });
    expect(model.connection.status).toBe('disconnected');
    link.set({ status: 'connected' });
    expect(calls).toEqual(['getState', 'getState']);
    answers[1]!(state({ tags: [tag('C')] }));
    await flush();
    expect(model.tags.ids()).toEqual(['id-C-Input']);
  });

  it('keeps the simulation from the state and its event, counting its time while it runs', async () => {
    let clock = 1000;
    const { model, link, answers, push, notified } = setup(undefined, () => clock);
    model.start();
    answers[0]!(state({ simulation: { state: 'running', timeScale: 2, timeMs: 5000 } }));
    await flush();
    expect(model.simulation.status?.state).toBe('running');
    clock += 1500;
    expect(model.simulation.timeMs()).toBe(8000); // 5 s + 1.5 s of real time at 2x

    const before = notified();
    push({ event: 'simulation', payload: { state: 'paused', timeScale: 2, timeMs: 8020 } });
    expect(notified()).toBe(before + 1);
    clock += 10_000;
    expect(model.simulation.timeMs()).toBe(8020); // paused: the time stands still

    // A reconnection brings the host's status, whatever happened in between.
    link.set({ status: 'disconnected', attempt: 1, retryAt: 0, everConnected: true });
    link.set({ status: 'connected' });
    answers[1]!(state({ simulation: { state: 'running', timeScale: 0.5, timeMs: 0 } }));
    await flush();
    clock += 1000;
    expect(model.simulation.status).toEqual({ state: 'running', timeScale: 0.5, timeMs: 0 });
    expect(model.simulation.timeMs()).toBe(500);
  });

  it('has no simulation where the host runs none, even after having had one', async () => {
    const { model, link, answers } = setup();
    model.start();
    answers[0]!(state({ simulation: { state: 'stopped', timeScale: 1, timeMs: 0 } }));
    await flush();
    expect(model.simulation.status).toBeDefined();
    link.set({ status: 'disconnected', attempt: 1, retryAt: 0, everConnected: true });
    link.set({ status: 'connected' });
    answers[1]!(state());
    await flush();
    expect(model.simulation.status).toBeUndefined();
    expect(model.simulation.timeMs()).toBeUndefined();
  });

  it('lets a newer load win over an older one still in flight', async () => {
    const { model, answers } = setup();
    model.start();
    void model.reload();
    answers[1]!(state({ tags: [tag('New')] }));
    await flush();
    answers[0]!(state({ tags: [tag('Old')] }));
    await flush();
    expect(model.tags.ids()).toEqual(['id-New-Input']);
  });

  it('keeps the load error to show it', async () => {
    const { client, link } = unreachableHost();
    const model = new UiModel(client, link);
    model.start();
    await flush();
    expect(model.loadError).toBe('Not connected to TagSim.');
  });

  it('unsubscribes everything when stopped', () => {
    const { model, listeners } = setup();
    const stop = model.start();
    // tags, server, modbus, driver, stats, pinned, simulation, clock
    expect(listeners.size).toBe(8);
    stop();
    expect(listeners.size).toBe(0);
  });
});

describe('findIpcTransport', () => {
  it('finds the preload bridge only when it has the transport shape', () => {
    const bridge = { invoke: async () => null, subscribe: () => () => undefined };
    expect(findIpcTransport({ tagsim: bridge })).toBe(bridge);
    expect(findIpcTransport({})).toBeUndefined();
    expect(findIpcTransport({ tagsim: { invoke: 1 } })).toBeUndefined();
    expect(findIpcTransport({ tagsim: null })).toBeUndefined();
  });
});
