// A bridge client for the Traffic view's tests: answers recorded per method as in harness.ts, and
// host events the test pushes (the `journal`, `clock` and `chaos` events of control-spec.ts).
import { act } from 'preact/test-utils';
import { createBridgeClient, type BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { BridgeEventMessage } from '../../../shared/bridge/bridge-spec.js';
import type { TrafficEntry } from '../../../shared/bridge/control-spec.js';
import type { Answers, BridgeCall } from './harness.js';

export function eventfulClient(answers: Answers): {
  client: BridgeClient;
  calls: BridgeCall[];
  push(message: BridgeEventMessage): void;
} {
  const calls: BridgeCall[] = [];
  const listeners = new Set<(message: BridgeEventMessage) => void>();
  const client = createBridgeClient({
    invoke: async (method, args) => {
      calls.push({ method, args });
      const answer = answers[method];
      return answer ? answer(args) : null;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  });
  return { client, calls, push: (message) => listeners.forEach((listener) => listener(message)) };
}

/** Lets the bridge answer and the models' animation-frame renders happen. */
export async function settleFrames(): Promise<void> {
  for (let i = 0; i < 3; i++)
    await act(async () => {
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
}

export function entry(partial: Partial<TrafficEntry> & Pick<TrafficEntry, 'seq'>): TrafficEntry {
  return {
    time: '2026-11-25T10:15:00.123Z',
    client: '127.0.0.1:51234',
    method: 'GET',
    path: '/api/tags',
    query: '',
    status: 200,
    durationMs: 0.2,
    body: null,
    itemErrors: null,
    itemErrorCount: 0,
    chaos: null,
    ...partial,
  };
}
