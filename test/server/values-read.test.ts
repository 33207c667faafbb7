// GET /api/tag/values, GET /api/tag/values/by-name and GET /api/tag/by-name/values.
// docs/api.md: "Wire basics" (GET bodies, alternate path) and "Endpoints" (read values).
import { describe, expect, it } from 'vitest';
import { JSON_CONTENT_TYPE, useTestServer } from '../support/api-server.js';

const t = useTestServer();

const RESET = 'FACTORY I/O (Reset)';
const BY_NAME_READ_PATHS = ['/api/tag/values/by-name', '/api/tag/by-name/values'];

describe('GET /api/tag/values', () => {
  it('without a body answers every tag in scene order, each item only {id, value}', async () => {
    const res = await t.client.get('/api/tag/values');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    const items = res.json as Record<string, unknown>[];
    expect(items.map((item) => item['id'])).toEqual(t.engine.listTags().map((tag) => tag.id));
    for (const item of items) expect(Object.keys(item)).toEqual(['id', 'value']);
    expect(items).toEqual(t.engine.listTags().map((tag) => ({ id: tag.id, value: tag.value })));
    // The time scale starts at 1; everything else is OFF.
    expect(items.find((item) => item['id'] === t.idOf('FACTORY I/O (Time Scale)'))).toEqual({
      id: t.idOf('FACTORY I/O (Time Scale)'),
      value: 1,
    });
  });

  it('with a body answers the requested ids in request order, duplicates included', async () => {
    const counter = t.idOf('Counter');
    const load = t.idOf('Load');
    const sensor = t.idOf('Pallet sensor');
    await t.client.put('/api/tag/values', [
      { id: counter, value: 42 },
      { id: load, value: true },
    ]);
    const res = await t.client.getWithJson('/api/tag/values', [sensor, counter, load, counter]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(res.json).toEqual([
      { id: sensor, value: false },
      { id: counter, value: 42 },
      { id: load, value: true },
      { id: counter, value: 42 },
    ]);
  });

  it('reports an unknown id as a per-item 404 in its place; ids are compared exactly', async () => {
    const counter = t.idOf('Counter');
    const res = await t.client.getWithJson('/api/tag/values', [
      'nope',
      counter,
      counter.toUpperCase(),
      ` ${counter}`,
      '',
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: 'nope', code: 404, error: "Tag with id 'nope' not found." },
      { id: counter, value: 0 },
      { id: counter.toUpperCase(), code: 404, error: `Tag with id '${counter.toUpperCase()}' not found.` },
      { id: ` ${counter}`, code: 404, error: `Tag with id ' ${counter}' not found.` },
      { id: '', code: 404, error: "Tag with id '' not found." },
    ]);
  });

  it('an empty array answers []', async () => {
    const res = await t.client.getWithJson('/api/tag/values', []);
    expect(res.status).toBe(200);
    expect(res.text).toBe('[]');
  });

  it('a malformed item (not a string) is a per-item 400 with "id": null; the others are answered', async () => {
    const counter = t.idOf('Counter');
    const res = await t.client.getWithJson('/api/tag/values', [
      42,
      counter,
      null,
      { id: counter },
      [counter],
    ]);
    expect(res.status).toBe(200);
    const items = res.json as Record<string, unknown>[];
    expect(items).toHaveLength(5);
    expect(items[1]).toEqual({ id: counter, value: 0 });
    for (const i of [0, 2, 3, 4]) {
      expect(items[i]).toEqual({ id: null, code: 400, error: expect.any(String) });
    }
    expect(res.text).toContain('"id":null');
  });

  it('shows effective values (forced, failed)', async () => {
    const counter = t.idOf('Counter');
    const load = t.idOf('Load');
    const sensor = t.idOf('Pallet sensor');
    await t.client.put('/api/tag/values-force', [
      { id: counter, value: 7 },
      { id: sensor, value: true },
    ]);
    await t.client.put('/api/tag/values-alwayson', [{ id: load, value: true }]);
    const res = await t.client.getWithJson('/api/tag/values', [counter, sensor, load]);
    expect(res.json).toEqual([
      { id: counter, value: 7 },
      { id: sensor, value: true },
      { id: load, value: true },
    ]);
  });

  it('tolerates one trailing slash', async () => {
    const counter = t.idOf('Counter');
    const res = await t.client.getWithJson('/api/tag/values/', [counter]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: counter, value: 0 }]);
  });
});

describe.each(BY_NAME_READ_PATHS)('GET %s', (path) => {
  it('without a body answers every tag in scene order, each item only {name, value}', async () => {
    const res = await t.client.get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    const items = res.json as Record<string, unknown>[];
    for (const item of items) expect(Object.keys(item)).toEqual(['name', 'value']);
    expect(items).toEqual(t.engine.listTags().map((tag) => ({ name: tag.name, value: tag.value })));
  });

  it('with a body answers in request order; a shared name yields one entry per tag, scene order', async () => {
    // Make the Output of the shared name differ from the Input.
    await t.client.put('/api/tag/values', [{ id: t.idOf(RESET, 'Output'), value: true }]);
    await t.client.put('/api/tag/values', [{ id: t.idOf('Counter'), value: -3 }]);
    const res = await t.client.getWithJson(path, ['Counter', RESET, 'Pallet sensor', 'Counter']);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: 'Counter', value: -3 },
      { name: RESET, value: true },
      { name: RESET, value: false },
      { name: 'Pallet sensor', value: false },
      { name: 'Counter', value: -3 },
    ]);
  });

  it('reports an unknown name as a per-item 404; names are case-sensitive', async () => {
    const res = await t.client.getWithJson(path, ['Nope', 'counter', 'Counter', 'Count*', 'Counter ']);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: 'Nope', code: 404, error: "Tag named 'Nope' not found." },
      { name: 'counter', code: 404, error: "Tag named 'counter' not found." },
      { name: 'Counter', value: 0 },
      { name: 'Count*', code: 404, error: "Tag named 'Count*' not found." },
      { name: 'Counter ', code: 404, error: "Tag named 'Counter ' not found." },
    ]);
  });

  it('a malformed item is a per-item 400 with "name": null', async () => {
    const res = await t.client.getWithJson(path, [false, 'Counter', { name: 'Counter' }]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: null, code: 400, error: expect.any(String) },
      { name: 'Counter', value: 0 },
      { name: null, code: 400, error: expect.any(String) },
    ]);
  });

  it('takes a body sent without a Content-Type', async () => {
    const res = await t.client.request('GET', path, { body: '["Counter"]', contentType: null });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ name: 'Counter', value: 0 }]);
  });
});

it('GET /api/tag/values/by-name and GET /api/tag/by-name/values answer identically', async () => {
  await t.client.put('/api/tag/values-force', [{ id: t.idOf('Counter'), value: 9 }]);
  await t.client.put('/api/tag/values-force/by-name', [{ name: RESET, value: true }]);
  const body = ['Counter', RESET, 'Nope', 7];
  const a = await t.client.getWithJson(BY_NAME_READ_PATHS[0]!, body);
  const b = await t.client.getWithJson(BY_NAME_READ_PATHS[1]!, body);
  expect(a.status).toBe(200);
  expect(b.status).toBe(a.status);
  expect(b.text).toBe(a.text);
  expect(b.headers['content-type']).toBe(a.headers['content-type']);
  const allA = await t.client.get(BY_NAME_READ_PATHS[0]!);
  const allB = await t.client.get(BY_NAME_READ_PATHS[1]!);
  expect(allB.text).toBe(allA.text);
});
