// The transports the bridge contract suite runs over: in-process (the host's api itself),
// in-memory (JSON round trip through dispatch, as IPC would) and a real WebSocket.
import WebSocket from 'ws';
import type { BridgeTransport } from '../../shared/bridge/bridge-client.js';
import type { BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch.js';
import type { BridgeHost } from '../../main/runtime/bridge-host.js';

/** Calls the host directly, without serialisation. */
export function inProcessTransport(host: BridgeHost): BridgeTransport {
  return {
    invoke: (method, args) => dispatchBridgeCall(host.api, method, args),
    subscribe: (listener) => host.events.on(listener),
  };
}

/** Serialises every call and event through JSON, as structured clone over IPC does. */
export function inMemoryTransport(host: BridgeHost): BridgeTransport {
  const clone = <T>(x: T): T => (x === undefined ? x : (JSON.parse(JSON.stringify(x)) as T));
  return {
    invoke: async (method, args) => clone(await dispatchBridgeCall(host.api, method, clone(args))),
    subscribe: (listener) => host.events.on((message) => listener(clone(message))),
  };
}

/** A WebSocket client of `tagsim serve --ui`, speaking the browser UI's protocol. */
export async function webSocketTransport(
  url: string,
  headers: Record<string, string> = {},
): Promise<BridgeTransport & { close(): void }> {
  const ws = new WebSocket(url, {
    headers: { origin: new URL(url).origin.replace('ws:', 'http:'), ...headers },
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(message: BridgeEventMessage) => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as {
      id?: number;
      result?: unknown;
      error?: string;
    } & BridgeEventMessage;
    if (typeof message.id === 'number') {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) call?.reject(new Error(message.error));
      else call?.resolve(message.result);
    } else {
      for (const listener of listeners) listener(message);
    }
  });
  return {
    invoke: (method, args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method, args }));
      }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => ws.close(),
  };
}
