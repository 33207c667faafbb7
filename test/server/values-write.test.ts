// PUT /api/tag/values, PUT /api/tag/values/by-name and PUT /api/tag/by-name/values (set value).
// docs/api.md, "Batches and per-item errors": Outputs only, per-item errors, partial success,
// `200 []` on success.
import { describe, expect, it } from 'vitest';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { JSON_CONTENT_TYPE, startTestServer, useTestServer } from '../support/api-server.js';

const t = useTestServer();

const RESET = 'FACTORY I/O (Reset)';
const INPUT_MESSAGE = 'Not allowed to set value of an input tag.';
const BY_NAME_SET_PATHS = ['/api/tag/values/by-name', '/api/tag/by-name/values'];

async function tagById(id: string): Promise<ApiTag> {
  const res = await t.client.get(`/api/tags/${id}`);
  expect(res.status).toBe(200);
  return res.json as ApiTag;
}

describe('PUT /api/tag/values', () => {
  it('sets Outputs and answers 200 [] when every item succeeds', async () => {
    const counter = t.idOf('Counter');
    const load = t.idOf('Load');
    const run = t.idOf('FACTORY I/O (Run)');
    const res = await t.client.put('/api/tag/values', [
      { id: counter, value: 1234 },
      { id: load, value: true },
      { id: run, value: true },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(res.text).toBe('[]');
    expect(await tagById(counter)).toMatchObject({ value: 1234, isForced: false, forcedValue: 0 });
    expect((await tagById(load)).value).toBe(true);
    expect((await tagById(run)).value).toBe(true);
    const values = await t.client.getWithJson('/api/tag/values', [counter, load, run]);
    expect(values.json).toEqual([
      { id: counter, value: 1234 },
      { id: load, value: true },
      { id: run, value: true },
    ]);
  });

  it('an empty batch answers 200 []', async () => {
    const res = await t.client.put('/api/tag/values', []);
    expect(res.status).toBe(200);
    expect(res.text).toBe('[]');
  });

  it('refuses Inputs with a per-item 406 and leaves them unchanged', async () => {
    const sensor = t.idOf('Pallet sensor');
    const scale = t.idOf('FACTORY I/O (Time Scale)');
    const res = await t.client.put('/api/tag/values', [
      { id: sensor, value: true },
      { id: scale, value: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: sensor, code: 406, error: INPUT_MESSAGE },
      { id: scale, code: 406, error: INPUT_MESSAGE },
    ]);
    expect((await tagById(sensor)).value).toBe(false);
    expect((await tagById(scale)).value).toBe(1);
  });

  it('reports a value that does not convert as a per-item 406 naming the type', async () => {
    const counter = t.idOf('Counter');
    const load = t.idOf('Load');
    const res = await t.client.put('/api/tag/values', [
      { id: counter, value: 'many' },
      { id: load, value: 'maybe' },
    ]);
    expect(res.json).toEqual([
      { id: counter, code: 406, error: 'Could not convert value to the tag data type: Int.' },
      { id: load, code: 406, error: 'Could not convert value to the tag data type: Bit.' },
    ]);
  });

  it('reports an unknown id as a per-item 404', async () => {
    const res = await t.client.put('/api/tag/values', [{ id: 'nope', value: true }]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: 'nope', code: 404, error: "Tag with id 'nope' not found." }]);
  });

  it('partial success: the failing items are listed in order, all the others still apply', async () => {
    const counter = t.idOf('Counter');
    const load = t.idOf('Load');
    const sensor = t.idOf('Pallet sensor');
    const entry = t.idOf('Conveyor entry');
    const res = await t.client.put('/api/tag/values', [
      { id: counter, value: 5 },
      { id: 'nope', value: 1 },
      { id: sensor, value: true },
      { id: load, value: {} },
      'garbage',
      { id: entry, value: true },
      { id: load, value: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: 'nope', code: 404, error: "Tag with id 'nope' not found." },
      { id: sensor, code: 406, error: INPUT_MESSAGE },
      { id: load, code: 406, error: 'Could not convert value to the tag data type: Bit.' },
      { id: null, code: 400, error: expect.any(String) },
    ]);
    const values = await t.client.getWithJson('/api/tag/values', [counter, sensor, entry, load]);
    expect(values.json).toEqual([
      { id: counter, value: 5 },
      { id: sensor, value: false },
      { id: entry, value: true },
      { id: load, value: true },
    ]);
  });

  it('handles items in order: the last write to a tag wins', async () => {
    const counter = t.idOf('Counter');
    const res = await t.client.put('/api/tag/values', [
      { id: counter, value: 1 },
      { id: counter, value: 2 },
      { id: counter, value: 3 },
    ]);
    expect(res.text).toBe('[]');
    expect((await tagById(counter)).value).toBe(3);
  });

  it('a malformed item is a per-item 400 that echoes "id": null', async () => {
    const counter = t.idOf('Counter');
    const malformed: unknown[] = [
      42,
      null,
      'text',
      true,
      [],
      [counter, 1],
      {},
      { value: 1 },
      { id: 5, value: 1 },
      { id: null, value: 1 },
      { id: { id: counter }, value: 1 },
      { name: 'Counter', value: 1 },
    ];
    const res = await t.client.put('/api/tag/values', [...malformed, { id: counter, value: 77 }]);
    expect(res.status).toBe(200);
    const items = res.json as Record<string, unknown>[];
    expect(items).toHaveLength(malformed.length);
    for (const item of items) {
      expect(item).toEqual({ id: null, code: 400, error: expect.any(String) });
      expect(Object.keys(item)).toEqual(['id', 'code', 'error']);
    }
    expect(res.text).toContain('{"id":null,"code":400,');
    expect((await tagById(counter)).value).toBe(77);
  });

  it('tolerates one trailing slash', async () => {
    const counter = t.idOf('Counter');
    const res = await t.client.put('/api/tag/values/', [{ id: counter, value: 8 }]);
    expect(res.status).toBe(200);
    expect((await tagById(counter)).value).toBe(8);
  });
});

describe.each(BY_NAME_SET_PATHS)('PUT %s', (path) => {
  it('sets every Output with the name and answers 200 []', async () => {
    const res = await t.client.put(path, [
      { name: 'Counter', value: 31 },
      { name: 'Conveyor left', value: true },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(res.text).toBe('[]');
    expect(t.tag('Counter').value).toBe(31);
    expect((await tagById(t.idOf('Conveyor left'))).value).toBe(true);
  });

  it(`on '${RESET}' sets the Output and reports 406 for the Input`, async () => {
    const res = await t.client.put(path, [{ name: RESET, value: true }]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ name: RESET, code: 406, error: INPUT_MESSAGE }]);
    const tags = (await t.client.get('/api/tags/by-name/FACTORY%20I%2FO%20(Reset)')).json as ApiTag[];
    expect(tags.map((tag) => [tag.kind, tag.value])).toEqual([
      ['Output', true],
      ['Input', false],
    ]);
  });

  it('reports unknown names (case-sensitive) as per-item 404 with the name', async () => {
    const res = await t.client.put(path, [
      { name: 'counter', value: 1 },
      { name: 'Counter', value: 2 },
      { name: 'Nope', value: 3 },
    ]);
    expect(res.json).toEqual([
      { name: 'counter', code: 404, error: "Tag named 'counter' not found." },
      { name: 'Nope', code: 404, error: "Tag named 'Nope' not found." },
    ]);
    expect(t.tag('Counter').value).toBe(2);
  });

  it('refuses Inputs (406) and values that do not convert (406 with the type)', async () => {
    const res = await t.client.put(path, [
      { name: 'Pallet sensor', value: true },
      { name: 'Counter', value: 'x' },
      { name: 'Load', value: null },
      { name: 'Load', value: true },
    ]);
    expect(res.json).toEqual([
      { name: 'Pallet sensor', code: 406, error: INPUT_MESSAGE },
      { name: 'Counter', code: 406, error: 'Could not convert value to the tag data type: Int.' },
      { name: 'Load', code: 406, error: 'Could not convert value to the tag data type: Bit.' },
    ]);
    expect(t.tag('Load').value).toBe(true);
    expect(t.tag('Pallet sensor').value).toBe(false);
  });

  it('a malformed item is a per-item 400 that echoes "name": null', async () => {
    const counterId = t.idOf('Counter');
    const res = await t.client.put(path, [7, { id: counterId, value: 1 }, { name: 3, value: 1 }]);
    expect(res.json).toEqual([
      { name: null, code: 400, error: expect.any(String) },
      { name: null, code: 400, error: expect.any(String) },
      { name: null, code: 400, error: expect.any(String) },
    ]);
    expect(t.tag('Counter').value).toBe(0);
  });
});

it('PUT /api/tag/values/by-name and PUT /api/tag/by-name/values behave identically', async () => {
  const batch = [
    { name: RESET, value: true },
    { name: 'Counter', value: 2.5 },
    { name: 'Nope', value: 1 },
    { name: 'Load', value: 'x' },
    5,
  ];
  const a = await t.client.put(BY_NAME_SET_PATHS[0]!, batch);
  const stateA = await t.client.get('/api/tags');
  t.reset();
  const b = await t.client.put(BY_NAME_SET_PATHS[1]!, batch);
  const stateB = await t.client.get('/api/tags');
  expect(a.status).toBe(200);
  expect(b.status).toBe(a.status);
  expect(b.text).toBe(a.text);
  expect(stateB.text).toBe(stateA.text);
  expect(t.tag('Counter').value).toBe(2);
});

it("in the weight-sorting scene a by-name set on 'Weight' sets the Int Output and refuses the Float Input", async () => {
  const w = await startTestServer({ sceneName: 'Sorting by Weight' });
  try {
    const res = await w.client.put('/api/tag/values/by-name', [{ name: 'Weight', value: 5.5 }]);
    expect(res.json).toEqual([{ name: 'Weight', code: 406, error: INPUT_MESSAGE }]);
    const values = await w.client.getWithJson('/api/tag/values/by-name', ['Weight']);
    expect(values.json).toEqual([
      { name: 'Weight', value: 0 },
      { name: 'Weight', value: 6 },
    ]);
  } finally {
    await w.close();
  }
});
