import {
  type BridgeApi,
  type BridgeEventMessage,
  type BridgeEventName,
  type BridgeMethodName,
  BRIDGE_METHOD_NAMES,
  type PayloadOf,
} from './bridge-spec.js';

/** How a renderer reaches the host: Electron IPC through the preload, or a WebSocket. */
export interface BridgeTransport {
  invoke(method: BridgeMethodName, args: unknown): Promise<unknown>;
  /** Receives every event the host pushes; returns the unsubscribe function. */
  subscribe(listener: (message: BridgeEventMessage) => void): () => void;
}

/** The UI's typed view of the core, whatever the transport. */
export interface BridgeClient extends BridgeApi {
  on<E extends BridgeEventName>(event: E, listener: (payload: PayloadOf<E>) => void): () => void;
}

/** Builds the typed client over a transport; the methods are exactly those of BRIDGE_SPEC. */
export function createBridgeClient(transport: BridgeTransport): BridgeClient {
  const methods = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((name) => [name, (args: unknown) => transport.invoke(name, args)]),
  ) as unknown as BridgeApi;
  return {
    ...methods,
    on(event, listener) {
      return transport.subscribe((message) => {
        if (message.event === event) listener(message.payload as PayloadOf<typeof event>);
      });
    },
  };
}
