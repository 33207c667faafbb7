import { startTagSim, type TagSim, type TagSimOptions } from '../../main/compose/start-tagsim.js';
import {
  apiClient,
  type ApiClient,
  type RawRequestOptions,
  type RawResponse,
} from '../support/http-client.js';

/** A TagSim on a free port of 127.0.0.1, with a client for both of its APIs. */
export interface ControlStation {
  readonly tagsim: TagSim;
  readonly client: ApiClient;
  /** A control API call: `call('POST', 'reset')`, with a JSON body when given. */
  call(method: string, path: string, body?: unknown, options?: RawRequestOptions): Promise<RawResponse>;
  /** The effective value of the one tag with this name. */
  value(name: string): unknown;
  /** Writes tag values by name through the tag API; fails the test unless every item applied. */
  write(values: Record<string, unknown>): Promise<void>;
}

const stations: TagSim[] = [];

/** Closes every station started since the last call (an afterEach). */
export async function closeStations(): Promise<void> {
  await Promise.all(stations.splice(0).map((t) => t.close()));
}

/** Starts a station: the simulation paused with no timer unless the options say otherwise. */
export async function startStation(options: TagSimOptions = {}): Promise<ControlStation> {
  const tagsim = await startTagSim({
    server: { port: 0 },
    ...options,
    simulation: { startRunning: false, every: () => () => undefined, ...options.simulation },
  });
  stations.push(tagsim);
  const client = apiClient(tagsim.url!);
  const call = (method: string, path: string, body?: unknown, options: RawRequestOptions = {}) =>
    client.request(method, `/tagsim/v1/${path}`, {
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...options,
    });
  return {
    tagsim,
    client,
    call,
    value: (name) => {
      const found = tagsim.engine.tagsNamed(name);
      if (found.length !== 1) throw new Error(`Expected one tag '${name}', got ${found.length}.`);
      return found[0]!.value;
    },
    write: async (values) => {
      const items = Object.entries(values).map(([name, value]) => ({ name, value }));
      const answer = await client.put('/api/tag/values/by-name', items);
      if (answer.status !== 200 || answer.text !== '[]')
        throw new Error(`The write was not applied: ${answer.status} ${answer.text}`);
    },
  };
}
