// Force, release, Always Off, Always On (by id and by name) and the effective-value rule.
// docs/api.md, "Values, forces and failures".
import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { JSON_CONTENT_TYPE, startTestServer, useTestServer } from '../support/api-server.js';

const t = useTestServer();

const RESET = 'FACTORY I/O (Reset)';
const TIME_SCALE = 'FACTORY I/O (Time Scale)';
const BOOL_MESSAGE = 'Could not convert value to bool data type';

async function tagById(id: string): Promise<ApiTag> {
  const res = await t.client.get(`/api/tags/${id}`);
  expect(res.status).toBe(200);
  return res.json as ApiTag;
}

/** What a client sees of a tag: the listing entry and the value read must agree. */
async function seen(id: string): Promise<ApiTag> {
  const tag = await tagById(id);
  const read = await t.client.getWithJson('/api/tag/values', [id]);
  expect(read.json).toEqual([{ id, value: tag.value }]);
  return tag;
}

async function putOk(path: string, body: unknown): Promise<void> {
  const res = await t.client.put(path, body);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  expect(res.text).toBe('[]');
}

describe('PUT /api/tag/values-force', () => {
  it('forces Outputs and Inputs: isForced, forcedValue = converted value, value shows it', async () => {
    const counter = t.idOf('Counter');
    const sensor = t.idOf('Pallet sensor');
    const scale = t.idOf(TIME_SCALE);
    await putOk('/api/tag/values-force', [
      { id: counter, value: 2.5 },
      { id: sensor, value: 'TRUE' },
      { id: scale, value: '0.5' },
    ]);
    expect(await seen(counter)).toMatchObject({ value: 2, isForced: true, forcedValue: 2 });
    expect(await seen(sensor)).toMatchObject({ value: true, isForced: true, forcedValue: true });
    expect(await seen(scale)).toMatchObject({ value: 0.5, isForced: true, forcedValue: 0.5 });
  });

  it('a plain set does not undo a force: value keeps showing the forced value', async () => {
    const counter = t.idOf('Counter');
    await putOk('/api/tag/values-force', [{ id: counter, value: 10 }]);
    await putOk('/api/tag/values', [{ id: counter, value: 20 }]);
    expect(await seen(counter)).toMatchObject({ value: 10, isForced: true, forcedValue: 10 });
    // The raw value was set underneath: releasing shows it.
    await putOk('/api/tag/values-release', [counter]);
    expect(await seen(counter)).toMatchObject({ value: 20, isForced: false, forcedValue: 10 });
  });

  it('reports a value that does not convert as a per-item 406 and keeps the previous force', async () => {
    const counter = t.idOf('Counter');
    const load = t.idOf('Load');
    const scale = t.idOf(TIME_SCALE);
    await putOk('/api/tag/values-force', [{ id: counter, value: 3 }]);
    const res = await t.client.put('/api/tag/values-force', [
      { id: counter, value: '1.5' },
      { id: load, value: 'on' },
      { id: scale, value: 'fast' },
      { id: load },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: counter, code: 406, error: 'Could not convert value to the tag data type: Int.' },
      { id: load, code: 406, error: 'Could not convert value to the tag data type: Bit.' },
      { id: scale, code: 406, error: 'Could not convert value to the tag data type: Float.' },
      { id: load, code: 406, error: 'Could not convert value to the tag data type: Bit.' },
    ]);
    expect(await seen(counter)).toMatchObject({ value: 3, isForced: true, forcedValue: 3 });
    expect(await seen(load)).toMatchObject({ value: false, isForced: false });
  });

  it('reports an unknown id as a per-item 404; other items still apply', async () => {
    const load = t.idOf('Load');
    const res = await t.client.put('/api/tag/values-force', [
      { id: 'nope', value: true },
      { id: load, value: true },
    ]);
    expect(res.json).toEqual([{ id: 'nope', code: 404, error: "Tag with id 'nope' not found." }]);
    expect((await seen(load)).isForced).toBe(true);
  });

  it('a malformed item is a per-item 400 with "id": null', async () => {
    const res = await t.client.put('/api/tag/values-force', [1, { value: true }]);
    expect(res.json).toEqual([
      { id: null, code: 400, error: expect.any(String) },
      { id: null, code: 400, error: expect.any(String) },
    ]);
  });
});

describe('PUT /api/tag/values-release', () => {
  it('clears isForced, keeps forcedValue and shows the raw value again', async () => {
    const counter = t.idOf('Counter');
    const sensor = t.idOf('Pallet sensor');
    await putOk('/api/tag/values', [{ id: counter, value: 4 }]);
    await putOk('/api/tag/values-force', [
      { id: counter, value: 99 },
      { id: sensor, value: true },
    ]);
    await putOk('/api/tag/values-release', [counter, sensor]);
    expect(await seen(counter)).toMatchObject({ value: 4, isForced: false, forcedValue: 99 });
    expect(await seen(sensor)).toMatchObject({ value: false, isForced: false, forcedValue: true });
  });

  it('releasing a tag that is not forced is a success', async () => {
    const counter = t.idOf('Counter');
    await putOk('/api/tag/values-release', [counter, counter]);
    expect(await seen(counter)).toMatchObject({ value: 0, isForced: false, forcedValue: 0 });
  });

  it('reports an unknown id as a per-item 404 and a non-string item as a 400 with "id": null', async () => {
    const counter = t.idOf('Counter');
    await putOk('/api/tag/values-force', [{ id: counter, value: 1 }]);
    const res = await t.client.put('/api/tag/values-release', ['nope', { id: counter }, 5, null, counter]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: 'nope', code: 404, error: "Tag with id 'nope' not found." },
      { id: null, code: 400, error: expect.any(String) },
      { id: null, code: 400, error: expect.any(String) },
      { id: null, code: 400, error: expect.any(String) },
    ]);
    expect((await seen(counter)).isForced).toBe(false);
  });
});

describe.each([
  { op: 'alwaysoff', own: 'openCircuit', other: 'shortCircuit' },
  { op: 'alwayson', own: 'shortCircuit', other: 'openCircuit' },
] as const)('PUT /api/tag/values-$op', ({ op, own, other }) => {
  const path = `/api/tag/values-${op}`;
  const otherPath = `/api/tag/values-${op === 'alwaysoff' ? 'alwayson' : 'alwaysoff'}`;

  it(`true sets ${own}; false clears it`, async () => {
    const load = t.idOf('Load');
    await putOk(path, [{ id: load, value: true }]);
    expect(await seen(load)).toMatchObject({ [own]: true, [other]: false });
    await putOk(path, [{ id: load, value: false }]);
    expect(await seen(load)).toMatchObject({ openCircuit: false, shortCircuit: false, value: false });
  });

  it(`setting ${own} clears ${other}; the two are never both true`, async () => {
    const load = t.idOf('Load');
    await putOk(otherPath, [{ id: load, value: true }]);
    expect(await seen(load)).toMatchObject({ [other]: true, [own]: false });
    await putOk(path, [{ id: load, value: true }]);
    expect(await seen(load)).toMatchObject({ [own]: true, [other]: false });
  });

  it(`false clears only ${own}, never ${other}`, async () => {
    const load = t.idOf('Load');
    await putOk(otherPath, [{ id: load, value: true }]);
    await putOk(path, [{ id: load, value: false }]);
    expect(await seen(load)).toMatchObject({ [other]: true, [own]: false });
  });

  it('works on Inputs and Outputs of every type', async () => {
    const ids = [t.idOf('Load'), t.idOf('Counter'), t.idOf('Pallet sensor'), t.idOf(TIME_SCALE)];
    await putOk(
      path,
      ids.map((id) => ({ id, value: 1 })),
    );
    for (const id of ids) expect((await seen(id))[own]).toBe(true);
  });

  it.each([
    [true, true],
    [1, true],
    [-0.5, true],
    ['TRUE', true],
    [' true ', true],
    [false, false],
    [0, false],
    ['False', false],
  ])('accepts %j as a bool (%s)', async (value, on) => {
    const load = t.idOf('Load');
    if (!on) await putOk(path, [{ id: load, value: true }]);
    await putOk(path, [{ id: load, value }]);
    expect((await seen(load))[own]).toBe(on);
  });

  it.each([['yes'], ['1'], [''], [null], [{}], [[]], [[true]], ['on']])(
    'refuses %j with a per-item 400 and changes nothing',
    async (value) => {
      const load = t.idOf('Load');
      const res = await t.client.put(path, [{ id: load, value }]);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([{ id: load, code: 400, error: BOOL_MESSAGE }]);
      expect(await seen(load)).toMatchObject({ openCircuit: false, shortCircuit: false });
    },
  );

  it('refuses a missing value with a per-item 400', async () => {
    const load = t.idOf('Load');
    const res = await t.client.put(path, [{ id: load }]);
    expect(res.json).toEqual([{ id: load, code: 400, error: BOOL_MESSAGE }]);
  });

  it('reports an unknown id as a per-item 404 and a malformed item as a 400 with "id": null', async () => {
    const load = t.idOf('Load');
    const res = await t.client.put(path, [{ id: 'nope', value: true }, 'x', { id: load, value: true }]);
    expect(res.json).toEqual([
      { id: 'nope', code: 404, error: "Tag with id 'nope' not found." },
      { id: null, code: 400, error: expect.any(String) },
    ]);
    expect((await seen(load))[own]).toBe(true);
  });
});

describe('the effective value (docs/api.md, "Values, forces and failures")', () => {
  it('Always Off shows OFF: false / 0 / 0, over raw and forced values', async () => {
    const load = t.idOf('Load');
    const counter = t.idOf('Counter');
    const scale = t.idOf(TIME_SCALE);
    await putOk('/api/tag/values', [
      { id: load, value: true },
      { id: counter, value: 17 },
    ]);
    await putOk('/api/tag/values-force', [{ id: scale, value: 3 }]);
    await putOk(
      '/api/tag/values-alwaysoff',
      [load, counter, scale].map((id) => ({ id, value: true })),
    );
    expect(await seen(load)).toMatchObject({ value: false, openCircuit: true });
    expect(await seen(counter)).toMatchObject({ value: 0, openCircuit: true });
    expect(await seen(scale)).toMatchObject({ value: 0, openCircuit: true, isForced: true, forcedValue: 3 });
  });

  it('Always On shows ON: true; Int saturates to 2147483647, Float to 10', async () => {
    const load = t.idOf('Load');
    const counter = t.idOf('Counter');
    const scale = t.idOf(TIME_SCALE);
    await putOk(
      '/api/tag/values-alwayson',
      [load, counter, scale].map((id) => ({ id, value: true })),
    );
    expect(await seen(load)).toMatchObject({ value: true, shortCircuit: true });
    expect(await seen(counter)).toMatchObject({ value: 2147483647, shortCircuit: true });
    expect(await seen(scale)).toMatchObject({ value: 10, shortCircuit: true });
    const raw = await t.client.getWithJson('/api/tag/values', [counter, scale]);
    expect(raw.text).toBe(`[{"id":"${counter}","value":2147483647},{"id":"${scale}","value":10}]`);
  });

  it('a set on a failed Output keeps showing the failure; clearing it shows the value set', async () => {
    const counter = t.idOf('Counter');
    await putOk('/api/tag/values-alwayson', [{ id: counter, value: true }]);
    await putOk('/api/tag/values', [{ id: counter, value: 5 }]);
    expect((await seen(counter)).value).toBe(2147483647);
    await putOk('/api/tag/values-alwayson', [{ id: counter, value: false }]);
    expect((await seen(counter)).value).toBe(5);

    await putOk('/api/tag/values-alwaysoff', [{ id: counter, value: true }]);
    await putOk('/api/tag/values', [{ id: counter, value: 6 }]);
    expect((await seen(counter)).value).toBe(0);
    await putOk('/api/tag/values-alwaysoff', [{ id: counter, value: false }]);
    expect((await seen(counter)).value).toBe(6);
  });

  it('a failure overrides a force; clearing the failure shows the forced value again', async () => {
    const counter = t.idOf('Counter');
    await putOk('/api/tag/values', [{ id: counter, value: 1 }]);
    await putOk('/api/tag/values-force', [{ id: counter, value: 50 }]);
    await putOk('/api/tag/values-alwayson', [{ id: counter, value: true }]);
    expect(await seen(counter)).toMatchObject({ value: 2147483647, isForced: true, forcedValue: 50 });
    await putOk('/api/tag/values-alwaysoff', [{ id: counter, value: true }]);
    expect(await seen(counter)).toMatchObject({ value: 0, isForced: true, shortCircuit: false });
    await putOk('/api/tag/values-alwaysoff', [{ id: counter, value: false }]);
    expect(await seen(counter)).toMatchObject({ value: 50, isForced: true });
    await putOk('/api/tag/values-release', [counter]);
    expect(await seen(counter)).toMatchObject({ value: 1, isForced: false, forcedValue: 50 });
  });

  it('a force on a failed tag is recorded but the failure still shows', async () => {
    const load = t.idOf('Load');
    await putOk('/api/tag/values-alwaysoff', [{ id: load, value: true }]);
    await putOk('/api/tag/values-force', [{ id: load, value: true }]);
    expect(await seen(load)).toMatchObject({ value: false, isForced: true, forcedValue: true });
  });
});

describe('Always On saturates to the per-tag range maximum', () => {
  it('uses the max of a tag that has one, else the defaults (Int 2147483647, Float 10)', async () => {
    const scene: SceneDefinition = {
      name: 'Ranges',
      tags: [
        { id: 'speed', name: 'Speed', kind: 'Output', type: 'Int', address: 0, max: 27648, initial: 5 },
        { id: 'level', name: 'Level', kind: 'Input', type: 'Float', address: 0, max: 5.5, initial: 1 },
        { id: 'count', name: 'Count', kind: 'Output', type: 'Int', address: 1 },
        { id: 'volts', name: 'Volts', kind: 'Output', type: 'Float', address: 0 },
      ],
    };
    const r = await startTestServer({ scene });
    try {
      const res = await r.client.put(
        '/api/tag/values-alwayson',
        ['speed', 'level', 'count', 'volts'].map((id) => ({ id, value: true })),
      );
      expect(res.text).toBe('[]');
      const values = await r.client.get('/api/tag/values');
      expect(values.text).toBe(
        '[{"id":"speed","value":27648},{"id":"level","value":5.5},' +
          '{"id":"count","value":2147483647},{"id":"volts","value":10}]',
      );
      await r.client.put('/api/tag/values-alwayson/by-name', [
        { name: 'Speed', value: false },
        { name: 'Level', value: false },
      ]);
      expect((await r.client.getWithJson('/api/tag/values', ['speed', 'level'])).json).toEqual([
        { id: 'speed', value: 5 },
        { id: 'level', value: 1 },
      ]);
    } finally {
      await r.close();
    }
  });
});

describe('by-name forms', () => {
  it(`force, always on, always off and release on '${RESET}' act on the Output and the Input`, async () => {
    const outId = t.idOf(RESET, 'Output');
    const inId = t.idOf(RESET, 'Input');

    await putOk('/api/tag/values-force/by-name', [{ name: RESET, value: true }]);
    for (const id of [outId, inId]) {
      expect(await seen(id)).toMatchObject({ value: true, isForced: true, forcedValue: true });
    }
    await putOk('/api/tag/values-alwaysoff/by-name', [{ name: RESET, value: true }]);
    for (const id of [outId, inId]) expect(await seen(id)).toMatchObject({ value: false, openCircuit: true });
    await putOk('/api/tag/values-alwayson/by-name', [{ name: RESET, value: 'true' }]);
    for (const id of [outId, inId]) {
      expect(await seen(id)).toMatchObject({ value: true, openCircuit: false, shortCircuit: true });
    }
    await putOk('/api/tag/values-alwayson/by-name', [{ name: RESET, value: 0 }]);
    await putOk('/api/tag/values-release/by-name', [RESET]);
    for (const id of [outId, inId]) {
      expect(await seen(id)).toMatchObject({
        value: false,
        isForced: false,
        forcedValue: true,
        openCircuit: false,
        shortCircuit: false,
      });
    }
  });

  it('force by name: 406 per failing tag with the name, 404 for an unknown name', async () => {
    const res = await t.client.put('/api/tag/values-force/by-name', [
      { name: 'Counter', value: 'x' },
      { name: RESET, value: 'x' },
      { name: 'counter', value: 1 },
      { name: 'Load', value: 1 },
      { value: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { name: 'Counter', code: 406, error: 'Could not convert value to the tag data type: Int.' },
      { name: RESET, code: 406, error: 'Could not convert value to the tag data type: Bit.' },
      { name: RESET, code: 406, error: 'Could not convert value to the tag data type: Bit.' },
      { name: 'counter', code: 404, error: "Tag named 'counter' not found." },
      { name: null, code: 400, error: expect.any(String) },
    ]);
    expect(t.tag('Load')).toMatchObject({ isForced: true, value: true });
  });

  it('release by name: unknown names are 404, non-strings are 400 with "name": null, unforced is fine', async () => {
    await putOk('/api/tag/values-force/by-name', [{ name: 'Counter', value: 8 }]);
    const res = await t.client.put('/api/tag/values-release/by-name', ['Nope', 'Counter', 'Load', 3]);
    expect(res.json).toEqual([
      { name: 'Nope', code: 404, error: "Tag named 'Nope' not found." },
      { name: null, code: 400, error: expect.any(String) },
    ]);
    expect(t.tag('Counter')).toMatchObject({ isForced: false, forcedValue: 8 });
  });

  it.each(['alwaysoff', 'alwayson'])(
    '%s by name: 400 bool message per tag, 404 for an unknown name',
    async (op) => {
      const res = await t.client.put(`/api/tag/values-${op}/by-name`, [
        { name: RESET, value: 'maybe' },
        { name: 'Nope', value: true },
        { name: 'Load', value: true },
      ]);
      expect(res.json).toEqual([
        { name: RESET, code: 400, error: BOOL_MESSAGE },
        { name: RESET, code: 400, error: BOOL_MESSAGE },
        { name: 'Nope', code: 404, error: "Tag named 'Nope' not found." },
      ]);
      const load = t.tag('Load');
      expect(op === 'alwaysoff' ? load.openCircuit : load.shortCircuit).toBe(true);
    },
  );
});
