// The Electron transport of the bridge, main side (docs/desktop.md, "How the shell is built", and
// docs/security.md): one handler per BRIDGE_SPEC method, the sender frame checked on every message,
// every payload validated before the core sees it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRIDGE_EVENT_CHANNEL,
  BRIDGE_METHOD_NAMES,
  type BridgeApi,
  type BridgeEventMessage,
} from '../../shared/bridge/bridge-spec.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { createBridgeHost, type BridgeHost } from '../../main/runtime/bridge-host.js';
import { createSimulationHost } from '../../main/runtime/simulation-host.js';
import { ServerController } from '../../main/runtime/server-controller.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import {
  INTERNAL_ERROR_MESSAGE,
  isTrustedSender,
  registerIpcHost,
  REFUSED_SENDER_MESSAGE,
} from '../../main/electron/ipc-host.js';
import { FakeIpcMain } from './fakes/ipc-main.js';
import { FakeWebContents, fakeFrame } from './fakes/window.js';

const SCENE: SceneDefinition = {
  name: 'IPC scene',
  tags: [
    { id: 'motor', name: 'Motor', kind: 'Output', type: 'Bit', address: 0 },
    { id: 'sensor', name: 'Sensor', kind: 'Input', type: 'Bit', address: 0 },
  ],
};

describe('the IPC host', () => {
  let engine: TagEngine;
  let server: ServerController;
  let host: BridgeHost;
  let ipcMain: FakeIpcMain;
  let contents: FakeWebContents | undefined;
  let dispose: () => void;
  const reportError = vi.fn();

  beforeEach(() => {
    engine = new TagEngine(SCENE);
    server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    host = createBridgeHost({
      engine,
      server,
      settings: memorySettingsStore(),
      every: () => () => undefined,
    });
    ipcMain = new FakeIpcMain();
    contents = new FakeWebContents();
    reportError.mockReset();
    dispose = registerIpcHost({ ipcMain, host, contents: () => contents, reportError });
  });
  afterEach(() => {
    dispose();
    host.dispose();
  });

  const page = () => {
    if (!contents) throw new Error('no window');
    return contents;
  };

  it('registers exactly one handler per BRIDGE_SPEC method, on tagsim:<method>', () => {
    expect([...ipcMain.handlers.keys()].sort()).toStrictEqual(
      BRIDGE_METHOD_NAMES.map((m) => `tagsim:${m}`).sort(),
    );
    expect(ipcMain.handle).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length);
  });

  it('forwards a valid call from our page to the core and returns the result', async () => {
    await expect(
      ipcMain.invoke('tagsim:force', page().invokeEvent(), { id: 'motor', value: true }),
    ).resolves.toBeNull();
    expect(engine.getTag('motor')).toMatchObject({ isForced: true, value: true });
    const state = (await ipcMain.invoke('tagsim:getState', page().invokeEvent(), undefined)) as Awaited<
      ReturnType<BridgeApi['getState']>
    >;
    expect(state.scene).toStrictEqual({ name: 'IPC scene', tagCount: 2 });
    expect(state.tags.map((t) => t.id)).toStrictEqual(['motor', 'sensor']);
    await expect(
      ipcMain.invoke('tagsim:setFailure', page().invokeEvent(), { id: 'nope', failure: 'alwaysOn' }),
    ).resolves.toMatchObject({ code: 404 });
  });

  it('rejects invalid payloads with the validation message, without touching the engine', async () => {
    const changes = vi.fn();
    engine.subscribe(changes);
    await expect(
      ipcMain.invoke('tagsim:force', page().invokeEvent(), { id: 42, value: true }),
    ).rejects.toThrow(/^force\.id must be a string; got number\.$/);
    await expect(
      ipcMain.invoke('tagsim:setFailure', page().invokeEvent(), { id: 'motor', failure: 'sometimes' }),
    ).rejects.toThrow('one of none, alwaysOff, alwaysOn');
    await expect(
      ipcMain.invoke('tagsim:force', page().invokeEvent(), { id: 'motor', value: true, extra: 1 }),
    ).rejects.toThrow(/extra/);
    await expect(ipcMain.invoke('tagsim:releaseAll', page().invokeEvent(), 'now')).rejects.toThrow(
      /must be absent/,
    );
    expect(changes).not.toHaveBeenCalled();
    expect(engine.getTag('motor')).toMatchObject({ isForced: false, shortCircuit: false });
    expect(reportError).not.toHaveBeenCalled();
  });

  describe('refuses messages that do not come from our page, without touching the engine', () => {
    const cases: [string, () => Parameters<FakeIpcMain['invoke']>[1]][] = [
      ['another window', () => new FakeWebContents().invokeEvent()],
      ['a frame that is gone (senderFrame null)', () => page().invokeEvent(null)],
      [
        'an iframe of our page',
        () => page().invokeEvent(fakeFrame('app://tagsim/index.html', { parent: page().mainFrame })),
      ],
      [
        'another top frame in the same window',
        () => page().invokeEvent(fakeFrame('app://tagsim/index.html', { processId: 99 })),
      ],
      [
        'our frame showing a remote page',
        () => {
          page().mainFrame = fakeFrame('https://evil.example/');
          return page().invokeEvent();
        },
      ],
      [
        'our frame showing a file:// page',
        () => {
          page().mainFrame = fakeFrame('file:///etc/passwd');
          return page().invokeEvent();
        },
      ],
      [
        'an app: URL of another host',
        () => {
          page().mainFrame = fakeFrame('app://other/index.html');
          return page().invokeEvent();
        },
      ],
      [
        'a destroyed window',
        () => {
          page().destroyed = true;
          return page().invokeEvent();
        },
      ],
      [
        'any sender once the window is gone',
        () => {
          const event = page().invokeEvent();
          contents = undefined;
          return event;
        },
      ],
    ];
    for (const [name, event] of cases) {
      it(name, async () => {
        const changes = vi.fn();
        engine.subscribe(changes);
        await expect(
          ipcMain.invoke('tagsim:setFailure', event(), { id: 'motor', failure: 'alwaysOn' }),
        ).rejects.toThrow(REFUSED_SENDER_MESSAGE);
        expect(changes).not.toHaveBeenCalled();
      });
    }
  });

  it('answers an unexpected error with a generic message and reports it', async () => {
    const boom = new Error('disk on fire');
    vi.spyOn(host.api, 'releaseAll').mockRejectedValue(boom);
    await expect(ipcMain.invoke('tagsim:releaseAll', page().invokeEvent())).rejects.toThrow(
      INTERNAL_ERROR_MESSAGE,
    );
    expect(reportError).toHaveBeenCalledWith(boom);
  });

  it('pushes the host events to the window on the event channel', async () => {
    host.events.emit({ event: 'pinned', payload: ['motor'] });
    expect(page().sent).toStrictEqual([
      { channel: BRIDGE_EVENT_CHANNEL, args: [{ event: 'pinned', payload: ['motor'] }] },
    ]);
    await ipcMain.invoke('tagsim:setPinned', page().invokeEvent(), { id: 'sensor', pinned: true });
    expect(page().sent.at(-1)?.args).toStrictEqual([{ event: 'pinned', payload: ['sensor'] }]);
  });

  it('sends no events to a destroyed window, no window, or a page that is not ours', () => {
    const message: BridgeEventMessage = { event: 'pinned', payload: [] };
    page().destroyed = true;
    host.events.emit(message);
    page().destroyed = false;
    page().mainFrame = fakeFrame('https://evil.example/');
    host.events.emit(message);
    const window = page();
    contents = undefined;
    expect(() => host.events.emit(message)).not.toThrow();
    expect(window.sent).toHaveLength(0);
  });

  it('dispose removes every handler and stops the events', () => {
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length);
    host.events.emit({ event: 'pinned', payload: [] });
    expect(page().sent).toHaveLength(0);
    dispose = () => undefined;
  });
});

describe('isTrustedSender', () => {
  it('accepts the top frame of our window on app://tagsim, and nothing else', () => {
    const contents = new FakeWebContents('app://tagsim/index.html');
    expect(isTrustedSender(contents.invokeEvent(), contents)).toBe(true);
    expect(isTrustedSender(contents.invokeEvent(), undefined)).toBe(false);
    const sameIds = { ...contents.mainFrame };
    expect(isTrustedSender(contents.invokeEvent(sameIds), contents)).toBe(true);
    expect(isTrustedSender(contents.invokeEvent({ ...sameIds, routingId: -1 }), contents)).toBe(false);
    expect(isTrustedSender(contents.invokeEvent({ ...sameIds, url: 'app://tagsim.evil/' }), contents)).toBe(
      false,
    );
    expect(isTrustedSender({ sender: {}, senderFrame: contents.mainFrame }, contents)).toBe(false);
  });

  it('does not depend on the host being a real one (any BridgeApi and emitter)', async () => {
    const ipcMain = new FakeIpcMain();
    const contents = new FakeWebContents();
    const api = { getState: vi.fn(async () => 'state') } as unknown as BridgeApi;
    const dispose = registerIpcHost({
      ipcMain,
      host: {
        api,
        events: new Emitter<BridgeEventMessage>(() => undefined),
        openSession: () => ({ api, close: () => undefined }),
      },
      contents: () => contents,
      reportError: vi.fn(),
    });
    await expect(ipcMain.invoke('tagsim:getState', contents.invokeEvent())).resolves.toBe('state');
    dispose();
  });
});

describe('the IPC host and the Plant view', () => {
  it('sends the plant to the window while it watches, and stops once no window is left to show it', async () => {
    const engine = new TagEngine(SCENE);
    const simulation = createSimulationHost(engine, { clock: 'virtual', every: () => () => undefined });
    const server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    const host = createBridgeHost({
      engine,
      server,
      settings: memorySettingsStore(),
      simulation,
      every: () => () => undefined,
      // The plant's slots come at once: the test sees each update as the plant moves.
      schedule: (run) => void queueMicrotask(run),
    });
    const ipcMain = new FakeIpcMain();
    let contents: FakeWebContents | undefined = new FakeWebContents();
    const dispose = registerIpcHost({ ipcMain, host, contents: () => contents, reportError: vi.fn() });
    const snapshot = vi.spyOn(simulation.simulation, 'snapshot');
    const plantSent = () => contents!.sent.filter((m) => (m.args[0] as BridgeEventMessage).event === 'plant');
    await ipcMain.invoke('tagsim:watchPlant', contents.invokeEvent());
    expect(plantSent()).toHaveLength(1);
    expect(plantSent()[0]!.args[0]).toMatchObject({
      event: 'plant',
      payload: { seq: 1, snapshot: { timeMs: 0 } },
    });
    await simulation.advance(100);
    // One update or more (a busy machine may see the advance's steps in more than one).
    await vi.waitFor(() => expect(plantSent().length).toBeGreaterThanOrEqual(2));
    // The window closes (to the tray): the next update finds no window, and the watch ends, so
    // soon an advance takes no snapshot at all. A watch that never ended keeps taking them.
    contents = undefined;
    await vi.waitFor(
      async () => {
        const taken = snapshot.mock.calls.length;
        await simulation.advance(100);
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(snapshot).toHaveBeenCalledTimes(taken);
      },
      { timeout: 5000, interval: 10 },
    );
    // A new window watches afresh and gets the whole plant first.
    contents = new FakeWebContents();
    await ipcMain.invoke('tagsim:watchPlant', contents.invokeEvent());
    expect(plantSent()[0]!.args[0]).toMatchObject({
      payload: { snapshot: { timeMs: simulation.status.timeMs } },
    });
    dispose();
    host.dispose();
    simulation.dispose();
  });
});
