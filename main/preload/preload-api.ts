import type { BridgeTransport } from '../../shared/bridge/bridge-client.js';
import {
  BRIDGE_CHANNEL_PREFIX,
  BRIDGE_EVENT_CHANNEL,
  type BridgeEventMessage,
  isBridgeMethod,
} from '../../shared/bridge/bridge-spec.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** The part of Electron's `ipcRenderer` the preload uses (a fake in the tests). */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** What Electron puts in front of an error thrown by an `ipcMain.handle` handler. */
const REMOTE_ERROR_PREFIX = /^Error invoking remote method '[^']*': (?:[A-Za-z]*Error: )?/;

/**
 * The message of an error thrown in the main process, without the wrapper Electron adds, so the
 * window shows the same text ("args.id must be a string; got number.") as over the WebSocket.
 */
export function remoteErrorMessage(error: unknown): string {
  const message = errorMessage(error);
  return message.replace(REMOTE_ERROR_PREFIX, '');
}

/**
 * The whole surface the sandboxed page gets, exposed as `window.tagsim`: a BridgeTransport and
 * nothing else. `invoke` forwards only the methods of BRIDGE_SPEC, each on its own `tagsim:`
 * channel (the main process checks sender and arguments again); `subscribe` hands the page the
 * event message only, never Electron's event object (whose `sender` is ipcRenderer itself).
 */
export function createPreloadApi(ipc: IpcRendererLike): BridgeTransport {
  return {
    invoke(method, args) {
      if (!isBridgeMethod(method)) {
        return Promise.reject(new Error(`Unknown bridge method ${JSON.stringify(method)}.`));
      }
      return ipc.invoke(`${BRIDGE_CHANNEL_PREFIX}${method}`, args).catch((error: unknown) => {
        throw new Error(remoteErrorMessage(error));
      });
    },
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a listener function.');
      const forward = (_event: unknown, message: unknown) => listener(message as BridgeEventMessage);
      ipc.on(BRIDGE_EVENT_CHANNEL, forward);
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        ipc.removeListener(BRIDGE_EVENT_CHANNEL, forward);
      };
    },
  };
}
