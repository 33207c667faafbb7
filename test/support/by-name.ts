// A controller's link to a TagSim over HTTP, by tag name, as a PLC gateway uses the API: the
// values it scans in one GET with a body, its writes in one PUT answered `200 []`.
import type { Agent } from 'node:http';
import { expect } from 'vitest';
import type { TagValue } from '../../shared/core/tag-types.js';
import { apiClient } from './http-client.js';

const BY_NAME = '/api/tag/values/by-name';

export interface ByNameClient {
  /** The values of these tags (GET /api/tag/values/by-name), by name. */
  read(names: readonly string[]): Promise<Record<string, TagValue>>;
  /** Sets these Outputs (PUT /api/tag/values/by-name); every item must succeed. */
  write(values: Record<string, TagValue>): Promise<void>;
}

export function byNameClient(baseUrl: string, agent?: Agent): ByNameClient {
  const client = apiClient(baseUrl);
  const options = agent === undefined ? {} : { agent };
  return {
    async read(names) {
      const res = await client.getWithJson(BY_NAME, names, options);
      expect(res.status).toBe(200);
      return Object.fromEntries(
        (res.json as { name: string; value: TagValue }[]).map((e) => [e.name, e.value]),
      );
    },
    async write(values) {
      const items = Object.entries(values).map(([name, value]) => ({ name, value }));
      const res = await client.put(BY_NAME, items, options);
      expect([res.status, res.json]).toEqual([200, []]);
    },
  };
}
