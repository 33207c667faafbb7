// A whole batch is applied atomically with respect to other requests: no reader ever sees half of
// it (docs/api.md, "Batches and per-item errors"). Large batches race many concurrent reads over
// real connections.
import { Agent } from 'node:http';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { startTestServer, type TestServer } from '../support/api-server.js';

let t: TestServer;
let agent: Agent;
beforeAll(async () => {
  t = await startTestServer();
  agent = new Agent({ keepAlive: true, maxSockets: 24 });
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});
beforeEach(() => t.reset());

const WRITERS = 12;
const REPEATS = 1500; // each batch repeats its items: ~15,000 items, ~0.8 MB of JSON
const READERS = 8;

/** Runs `writes` concurrently with `READERS` loops of `read` that last until every write is done. */
async function race(writes: (() => Promise<void>)[], read: () => Promise<void>): Promise<number> {
  let done = false;
  let reads = 0;
  const readers = Array.from({ length: READERS }, async () => {
    try {
      while (!done) {
        await read();
        reads++;
      }
    } catch (error) {
      done = true; // one inconsistent read is enough: stop the others
      throw error;
    }
  });
  const writing = Promise.all(writes.map((write) => write())).finally(() => {
    done = true;
  });
  // One Promise.all over everything, so that a failing reader is never an unhandled rejection.
  await Promise.all([writing, ...readers]);
  return reads;
}

it('no read sees a partially applied set-value batch', async () => {
  const counter = t.idOf('Counter');
  // The emitters and removers the scene keeps forced on show their force whatever is written.
  const bitOutputs = t.engine
    .listTags({ kind: 'Output', type: 'Bit' })
    .filter((tag) => !tag.isForced)
    .map((tag) => tag.id);
  expect(bitOutputs.length).toBeGreaterThanOrEqual(8);
  // The state before any batch: OFF.
  const initialBits = bitOutputs.map((id) => t.engine.getTag(id)!.value);

  // Batch g runs REPEATS rounds; round r sets Counter = g * REPEATS + r, then every Bit Output to
  // the parity of g + r. After the whole batch Counter is in its last round and the bits agree
  // with it; any proper prefix leaves an earlier round in Counter or bits of mixed parity.
  const batch = (g: number) => {
    const items: unknown[] = [];
    for (let r = 0; r < REPEATS; r++) {
      items.push({ id: counter, value: g * REPEATS + r });
      for (const id of bitOutputs) items.push({ id, value: (g + r) % 2 === 1 });
    }
    return items;
  };
  const expectConsistent = (c: number, bitValues: unknown[]): void => {
    if (c === 0) {
      expect(bitValues).toEqual(initialBits);
      return;
    }
    expect(c % REPEATS, `counter ${c} is not in the last round of a batch`).toBe(REPEATS - 1);
    const g = Math.floor(c / REPEATS);
    expect(g).toBeGreaterThanOrEqual(1);
    expect(g).toBeLessThanOrEqual(WRITERS);
    for (const value of bitValues) expect(value, `counter ${c}`).toBe((g + REPEATS - 1) % 2 === 1);
  };
  const writes = Array.from({ length: WRITERS }, (_, i) => async () => {
    const res = await t.client.put('/api/tag/values', batch(i + 1), { agent });
    expect(res.status).toBe(200);
    expect(res.text).toBe('[]');
  });

  let round = 0;
  const reads = await race(writes, async () => {
    // Alternate between two read routes that show every Output.
    if (round++ % 2 === 0) {
      const res = await t.client.get('/api/tag/values', { agent });
      expect(res.status).toBe(200);
      const values = new Map((res.json as { id: string; value: unknown }[]).map((e) => [e.id, e.value]));
      expectConsistent(
        values.get(counter) as number,
        bitOutputs.map((id) => values.get(id)),
      );
    } else {
      const res = await t.client.get('/api/tags?kind=output', { agent });
      expect(res.status).toBe(200);
      const tags = res.json as ApiTag[];
      expectConsistent(
        tags.find((tag) => tag.id === counter)!.value as number,
        tags.filter((tag) => bitOutputs.includes(tag.id)).map((tag) => tag.value),
      );
    }
  });
  expect(reads).toBeGreaterThan(WRITERS);
  // Every batch landed whole; the last one applied decides the final state.
  const final = t.tag('Counter').value as number;
  expectConsistent(
    final,
    bitOutputs.map((id) => t.engine.getTag(id)!.value),
  );
  expect(final).toBeGreaterThan(0);
});

it('no read sees a partially applied by-name failure batch', async () => {
  const names = [...new Set(t.engine.listTags().map((tag) => tag.name))];
  // Odd generations put every tag Always On, even ones Always Off; each batch toggles many times
  // and ends on its own state, so a half-applied batch would show mixed flags.
  const batch = (g: number) => {
    const items: unknown[] = [];
    for (let r = 0; r < REPEATS / 5; r++) {
      for (const name of names) items.push({ name, value: (r + g) % 2 === 0 });
    }
    for (const name of names) items.push({ name, value: true });
    return items;
  };
  const writes = Array.from({ length: WRITERS }, (_, i) => async () => {
    const path = i % 2 === 0 ? '/api/tag/values-alwayson/by-name' : '/api/tag/values-alwaysoff/by-name';
    const res = await t.client.put(path, batch(i), { agent });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  const reads = await race(writes, async () => {
    const res = await t.client.get('/api/tags', { agent });
    expect(res.status).toBe(200);
    const tags = res.json as ApiTag[];
    const states = new Set(tags.map((tag) => `${tag.openCircuit}/${tag.shortCircuit}`));
    expect(states.size, [...states].join(' ')).toBe(1);
    for (const tag of tags) expect(tag.openCircuit && tag.shortCircuit).toBe(false);
  });
  expect(reads).toBeGreaterThan(WRITERS);
  const final = t.engine.listTags();
  expect(new Set(final.map((tag) => `${tag.openCircuit}/${tag.shortCircuit}`)).size).toBe(1);
});

it('concurrent force and release batches leave every read consistent', async () => {
  const counter = t.idOf('Counter');
  const ids = t.engine.listTags().map((tag) => tag.id);
  // From nothing forced: the emitters and removers the scene keeps forced on are released first.
  expect(t.engine.release('id', ids)).toEqual([]);
  const writes = Array.from({ length: WRITERS }, (_, i) => async () => {
    if (i % 3 === 2) {
      const res = await t.client.put('/api/tag/values-release', ids, { agent });
      expect(res.json).toEqual([]);
      return;
    }
    const items: unknown[] = [];
    for (let r = 0; r < REPEATS / 10; r++) for (const id of ids) items.push({ id, value: r % 2 });
    for (const id of ids) items.push({ id, value: 1 });
    const res = await t.client.put('/api/tag/values-force', items, { agent });
    expect(res.json).toEqual([]);
  });

  await race(writes, async () => {
    const res = await t.client.get('/api/tags', { agent });
    const tags = res.json as ApiTag[];
    // Either nothing is forced or everything is forced to 1 / true.
    const forced = new Set(tags.map((tag) => tag.isForced));
    expect(forced.size).toBe(1);
    if (tags[0]!.isForced) {
      for (const tag of tags) expect(tag.value).toBe(tag.type === 'Bit' ? true : 1);
    }
    const counterRead = tags.find((tag) => tag.id === counter)!;
    expect([0, 1]).toContain(counterRead.value);
  });
});
