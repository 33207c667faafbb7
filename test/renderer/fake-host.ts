// The host as the window's models see it, driven by the test: every call waits until the test
// answers it (in call order), events arrive when the test pushes them, and the connection
// changes when the test says so.
import { type BridgeClient, createBridgeClient } from '../../shared/bridge/bridge-client.js';
import type { BridgeEventMessage } from '../../shared/bridge/bridge-spec.js';
import type { ConnectionSource, ConnectionState } from '../../renderer/transport/connection.js';

export interface FakeHost<Answer> {
  client: BridgeClient;
  /** The methods called, in order. */
  calls: string[];
  /** answers[i](value) answers the i-th call. */
  answers: ((value: Answer) => void)[];
  /** The transport's event listeners (the models subscribe and unsubscribe them). */
  listeners: Set<(message: BridgeEventMessage) => void>;
  push(message: BridgeEventMessage): void;
  link: ConnectionSource & { set(state: ConnectionState): void };
}

export function fakeHost<Answer>(initial: ConnectionState = { status: 'connected' }): FakeHost<Answer> {
  const listeners = new Set<(message: BridgeEventMessage) => void>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const answers: ((value: Answer) => void)[] = [];
  const calls: string[] = [];
  const client = createBridgeClient({
    invoke: (method) => {
      calls.push(method);
      return new Promise((resolve) => answers.push(resolve));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  let current = initial;
  const link = {
    get connection() {
      return current;
    },
    onConnection: (listener: (state: ConnectionState) => void) => {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    set(state: ConnectionState) {
      current = state;
      for (const listener of connectionListeners) listener(state);
    },
  };
  const push = (message: BridgeEventMessage) => listeners.forEach((listener) => listener(message));
  return { client, calls, answers, listeners, push, link };
}

/** A host that is unreachable: every call fails as the transport says. */
export function unreachableHost(): { client: BridgeClient; link: ConnectionSource } {
  return {
    client: createBridgeClient({
      invoke: () => Promise.reject(new Error('Not connected to TagSim.')),
      subscribe: () => () => undefined,
    }),
    link: { connection: { status: 'connected' }, onConnection: () => () => undefined },
  };
}
