// The preload entry itself, with a fake 'electron' module: it exposes one object, `tagsim`,
// built over ipcRenderer, and nothing else.
import { describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(async () => 'answer'), on: vi.fn(), removeListener: vi.fn() },
}));
vi.mock('electron', () => electron);

describe('main/preload/preload.ts', () => {
  it('exposes exactly window.tagsim = { invoke, subscribe } over ipcRenderer', async () => {
    await import('../../main/preload/preload.js');
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [
      string,
      Record<string, (...args: unknown[]) => unknown>,
    ];
    expect(key).toBe('tagsim');
    expect(Object.keys(api).sort()).toStrictEqual(['invoke', 'subscribe']);
    await expect(api['invoke']?.('getState', undefined)).resolves.toBe('answer');
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('tagsim:getState', undefined);
  });
});
