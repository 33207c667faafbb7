import {
  BRIDGE_CHANNEL_PREFIX,
  BRIDGE_EVENT_CHANNEL,
  BRIDGE_METHOD_NAMES,
  type BridgeEventMessage,
  type BridgeMethodName,
} from '../../shared/bridge/bridge-spec.js';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import type { BridgeHost } from '../runtime/bridge-host.js';
import { isAppUrl } from './app-protocol.js';

/** The part of Electron's WebFrameMain used to recognise our page. */
export interface FrameLike {
  readonly url: string;
  readonly parent: FrameLike | null;
  readonly processId: number;
  readonly routingId: number;
}

/** The part of a window's WebContents the IPC host talks to. */
export interface BridgeContentsLike {
  readonly mainFrame: FrameLike;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** The part of an IpcMainInvokeEvent that says who sent a message. */
export interface InvokeEventLike {
  readonly sender: unknown;
  readonly senderFrame: FrameLike | null;
}

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** The channel of a bridge method: `tagsim:<method>`. */
export const methodChannel = (method: BridgeMethodName): string => `${BRIDGE_CHANNEL_PREFIX}${method}`;

/** What a renderer sees when a call fails for a reason that is not its arguments. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error in TagSim.';
/** What a message from anything but our window's page gets. */
export const REFUSED_SENDER_MESSAGE = 'Refused: this message does not come from the TagSim window.';

/**
 * True when an IPC message comes from the top frame of our window while it shows our own page
 * (`app://tagsim/...`): not from another window, an iframe, or a page it was navigated to.
 */
export function isTrustedSender(event: InvokeEventLike, contents: BridgeContentsLike | undefined): boolean {
  if (!contents || contents.isDestroyed() || event.sender !== contents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  const main = contents.mainFrame;
  return frame.processId === main.processId && frame.routingId === main.routingId && isAppUrl(frame.url);
}

export interface IpcHostDeps {
  ipcMain: IpcMainLike;
  host: Pick<BridgeHost, 'api' | 'events' | 'openSession'>;
  /** The WebContents of our window, while there is one. */
  contents(): BridgeContentsLike | undefined;
  reportError(error: unknown): void;
}

/**
 * The Electron transport of the bridge, host side: one `ipcMain.handle('tagsim:<method>')` per
 * method of BRIDGE_SPEC (derived from it, so it cannot drift). Each call is checked for its
 * sender, then validated and dispatched like every other transport; the host's events go to the
 * window on BRIDGE_EVENT_CHANNEL. Returns the function that removes it all.
 */
export function registerIpcHost(deps: IpcHostDeps): () => void {
  const { ipcMain, host } = deps;
  const toWindow = (message: BridgeEventMessage): boolean => {
    const contents = deps.contents();
    if (!contents || contents.isDestroyed() || !isAppUrl(contents.mainFrame.url)) return false;
    contents.send(BRIDGE_EVENT_CHANNEL, message);
    return true;
  };
  // The desktop app has one window: its session is this host's. What it watches (the Plant view)
  // goes to it alone, and stops when there is no window left to show it (closed to the tray).
  let session = host.openSession(function toSession(message) {
    if (toWindow(message)) return;
    session.close();
    session = host.openSession(toSession);
  });
  for (const method of BRIDGE_METHOD_NAMES) {
    ipcMain.handle(methodChannel(method), async (event, args) => {
      if (!isTrustedSender(event, deps.contents())) throw new Error(REFUSED_SENDER_MESSAGE);
      try {
        return await dispatchBridgeCall(session.api, method, args);
      } catch (error) {
        if (error instanceof BridgeArgumentError) throw new Error(error.message);
        deps.reportError(error);
        throw new Error(INTERNAL_ERROR_MESSAGE);
      }
    });
  }

  const unsubscribe = host.events.on((message) => void toWindow(message));

  return () => {
    unsubscribe();
    session.close();
    for (const method of BRIDGE_METHOD_NAMES) ipcMain.removeHandler(methodChannel(method));
  };
}
