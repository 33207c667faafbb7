// Electron's ipcMain, faked: handlers registered as Electron does, invoked by the tests.
import { vi } from 'vitest';
import type { InvokeEventLike } from '../../../main/electron/ipc-host.js';

export class FakeIpcMain {
  readonly handlers = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  handle = vi.fn((channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown) => {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  });
  removeHandler = vi.fn((channel: string) => {
    this.handlers.delete(channel);
  });

  /** Calls a handler as Electron would: a rejection is what the renderer gets. */
  async invoke(channel: string, event: InvokeEventLike, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return handler(event, ...args);
  }
}
