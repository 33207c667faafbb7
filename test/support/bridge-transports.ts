// The transports the bridge contract suite runs over: in-process (the host's api itself),
// in-memory (JSON round trip through dispatch, as IPC would) and the browser window's WebSocket.
import WebSocket from 'ws';
import type { BridgeTransport } from '../../shared/bridge/bridge-client.js';
import type { BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch.js';
import type { BridgeHost } from '../../main/runtime/bridge-host.js';
import {
  createWsTransport,
  type SocketLike,
  type WsTransport,
} from '../../renderer/transport/ws-transport.js';

/** A window's session of the host: the host's events and its own (the Plant view's), as one stream. */
function windowSession(host: BridgeHost) {
  const own = new Set<(message: BridgeEventMessage) => void>();
  const session = host.openSession((message) => own.forEach((listener) => listener(message)));
  return {
    api: session.api,
    close: () => session.close(),
    subscribe(listener: (message: BridgeEventMessage) => void): () => void {
      const stop = host.events.on(listener);
      own.add(listener);
      return () => {
        stop();
        own.delete(listener);
      };
    },
  };
}

/** Calls the host directly, without serialisation, as one window of its own. */
export function inProcessTransport(host: BridgeHost): BridgeTransport & { close(): void } {
  const session = windowSession(host);
  return {
    invoke: (method, args) => dispatchBridgeCall(session.api, method, args),
    subscribe: (listener) => session.subscribe(listener),
    close: session.close,
  };
}

/** Serialises every call and event through JSON, as structured clone over IPC does. */
export function inMemoryTransport(host: BridgeHost): BridgeTransport & { close(): void } {
  const clone = <T>(x: T): T => (x === undefined ? x : (JSON.parse(JSON.stringify(x)) as T));
  const session = windowSession(host);
  return {
    invoke: async (method, args) => clone(await dispatchBridgeCall(session.api, method, clone(args))),
    subscribe: (listener) => session.subscribe((message) => listener(clone(message))),
    close: session.close,
  };
}

/**
 * The browser window's own transport (renderer/transport/ws-transport.ts) connected to
 * `tagsim serve --ui`, over the `ws` package's client: Node 20 has no global WebSocket. The
 * socket sends the Origin a page served by that host would send. Resolves once connected; a
 * refused or failed first connection rejects (and stops the transport's reconnecting).
 */
export function uiWebSocketTransport(url: string): Promise<WsTransport> {
  const origin = new URL(url).origin.replace(/^ws/, 'http');
  const transport = createWsTransport({
    url,
    // ws's client has the members the transport uses; its handler types are just more specific.
    createSocket: (address) => new WebSocket(address, { origin }) as unknown as SocketLike,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout> | undefined),
      now: () => Date.now(),
    },
  });
  return new Promise((resolve, reject) => {
    const stop = transport.onConnection((state) => {
      if (state.status === 'connected') {
        stop();
        resolve(transport);
      } else if (state.status === 'disconnected') {
        stop();
        transport.close();
        reject(new Error(`Could not connect the UI socket to ${url}.`));
      }
    });
  });
}
