// The preload's surface (docs/security.md): exactly a BridgeTransport, forwarding only the
// methods of BRIDGE_SPEC, and events without Electron's event object.
import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_EVENT_CHANNEL, BRIDGE_METHOD_NAMES, BRIDGE_SPEC } from '../../shared/bridge/bridge-spec.js';
import {
  createPreloadApi,
  remoteErrorMessage,
  type IpcRendererLike,
} from '../../main/preload/preload-api.js';

type Listener = (event: unknown, ...args: unknown[]) => void;

/** A fake ipcRenderer that records invokes and lets the test push events. */
function fakeIpcRenderer(answer: (channel: string, args: unknown) => Promise<unknown> = async () => 'ok') {
  const listeners = new Map<string, Set<Listener>>();
  const ipc = {
    invoke: vi.fn((channel: string, ...args: unknown[]) => answer(channel, args[0])),
    on: vi.fn((channel: string, listener: Listener) => {
      listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener));
    }),
    removeListener: vi.fn((channel: string, listener: Listener) => {
      listeners.get(channel)?.delete(listener);
    }),
  } satisfies IpcRendererLike;
  const emit = (channel: string, ...args: unknown[]) => {
    const fakeElectronEvent = { sender: ipc, senderId: 0 };
    for (const listener of listeners.get(channel) ?? []) listener(fakeElectronEvent, ...args);
  };
  return { ipc, emit, listeners };
}

describe('the preload api', () => {
  it('exposes invoke and subscribe, nothing else', () => {
    expect(Object.keys(createPreloadApi(fakeIpcRenderer().ipc)).sort()).toStrictEqual([
      'invoke',
      'subscribe',
    ]);
  });

  it('forwards every method of BRIDGE_SPEC (the allowlist is the spec) to tagsim:<method>', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = createPreloadApi(ipc);
    expect(BRIDGE_METHOD_NAMES).toStrictEqual(Object.keys(BRIDGE_SPEC.methods));
    for (const method of BRIDGE_METHOD_NAMES) {
      await expect(api.invoke(method, { some: 'args' })).resolves.toBe('ok');
      expect(ipc.invoke).toHaveBeenLastCalledWith(`tagsim:${method}`, { some: 'args' });
    }
    expect(ipc.invoke).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length);
  });

  it('rejects a method outside the spec without any IPC call', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = createPreloadApi(ipc);
    for (const method of [
      'event',
      'toString',
      '__proto__',
      'constructor',
      'getstate',
      '',
      'tagsim:getState',
    ]) {
      await expect(api.invoke(method as never, undefined)).rejects.toThrow(
        `Unknown bridge method ${JSON.stringify(method)}.`,
      );
    }
    await expect(api.invoke(42 as never, undefined)).rejects.toThrow('Unknown bridge method 42.');
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it("passes the main process's error message on without Electron's wrapper", async () => {
    const { ipc } = fakeIpcRenderer(async (channel) => {
      throw new Error(
        `Error invoking remote method '${channel}': Error: force.id must be a string; got number.`,
      );
    });
    await expect(createPreloadApi(ipc).invoke('force', { id: 1, value: true })).rejects.toThrow(
      /^force\.id must be a string; got number\.$/,
    );
    expect(remoteErrorMessage(new Error('plain'))).toBe('plain');
    expect(remoteErrorMessage("Error invoking remote method 'tagsim:x': TypeError: bad")).toBe('bad');
  });

  it('subscribe delivers event messages only (never the Electron event) and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer();
    const api = createPreloadApi(ipc);
    const received: unknown[][] = [];
    const unsubscribe = api.subscribe((...args: unknown[]) => received.push(args));
    expect(ipc.on).toHaveBeenCalledWith(BRIDGE_EVENT_CHANNEL, expect.any(Function));

    emit(BRIDGE_EVENT_CHANNEL, { event: 'pinned', payload: ['a'] });
    emit('tagsim:other', { event: 'pinned', payload: ['b'] });
    expect(received).toStrictEqual([[{ event: 'pinned', payload: ['a'] }]]);

    unsubscribe();
    unsubscribe();
    expect(ipc.removeListener).toHaveBeenCalledOnce();
    expect(listeners.get(BRIDGE_EVENT_CHANNEL)?.size).toBe(0);
    emit(BRIDGE_EVENT_CHANNEL, { event: 'pinned', payload: ['c'] });
    expect(received).toHaveLength(1);
  });

  it('keeps subscriptions independent', () => {
    const { ipc, emit } = fakeIpcRenderer();
    const api = createPreloadApi(ipc);
    const a = vi.fn();
    const b = vi.fn();
    const stopA = api.subscribe(a);
    api.subscribe(b);
    stopA();
    emit(BRIDGE_EVENT_CHANNEL, { event: 'pinned', payload: [] });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledOnce();
  });

  it('refuses a listener that is not a function', () => {
    const api = createPreloadApi(fakeIpcRenderer().ipc);
    expect(() => api.subscribe('nope' as never)).toThrow(TypeError);
  });
});
