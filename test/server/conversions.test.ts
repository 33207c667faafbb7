// Every conversion row of docs/api.md ("Conversion of request values"), over HTTP, for set value
// and force (and the bool conversion of Always On / Always Off), plus the float32 storage and
// serialisation rules.
import { describe, expect, it } from 'vitest';
import type { ApiTag, TagType, TagValue } from '../../shared/core/tag-types.js';
import { useTestServer } from '../support/api-server.js';

/** Marks an item sent without a `value` member. */
const MISSING = Symbol('missing');
type Input = unknown;

interface Accepted {
  type: TagType;
  value: Input;
  expected: TagValue;
}
interface Rejected {
  type: TagType;
  value: Input;
}

const accepted: Accepted[] = [
  // Bit: booleans, numbers (0 is false), "true"/"false" in any case with surrounding spaces.
  { type: 'Bit', value: true, expected: true },
  { type: 'Bit', value: false, expected: false },
  { type: 'Bit', value: 1, expected: true },
  { type: 'Bit', value: 0, expected: false },
  { type: 'Bit', value: -1, expected: true },
  { type: 'Bit', value: 0.5, expected: true },
  { type: 'Bit', value: 42, expected: true },
  { type: 'Bit', value: 1e300, expected: true },
  { type: 'Bit', value: 'true', expected: true },
  { type: 'Bit', value: 'false', expected: false },
  { type: 'Bit', value: 'TRUE', expected: true },
  { type: 'Bit', value: 'False', expected: false },
  { type: 'Bit', value: 'tRuE', expected: true },
  { type: 'Bit', value: '  true  ', expected: true },
  { type: 'Bit', value: ' FALSE ', expected: false },
  // Int: int32 range; half-to-even rounding; booleans 1/0; base-10 integer strings with spaces.
  { type: 'Int', value: 0, expected: 0 },
  { type: 'Int', value: 1, expected: 1 },
  { type: 'Int', value: -1, expected: -1 },
  { type: 'Int', value: 2147483647, expected: 2147483647 },
  { type: 'Int', value: -2147483648, expected: -2147483648 },
  { type: 'Int', value: 2.5, expected: 2 },
  { type: 'Int', value: 3.5, expected: 4 },
  { type: 'Int', value: 0.5, expected: 0 },
  { type: 'Int', value: 1.5, expected: 2 },
  { type: 'Int', value: -2.5, expected: -2 },
  { type: 'Int', value: -3.5, expected: -4 },
  { type: 'Int', value: 2.4, expected: 2 },
  { type: 'Int', value: 2.6, expected: 3 },
  { type: 'Int', value: -2.6, expected: -3 },
  { type: 'Int', value: 2147483646.5, expected: 2147483646 },
  { type: 'Int', value: 2147483647.4, expected: 2147483647 },
  { type: 'Int', value: -2147483648.5, expected: -2147483648 },
  { type: 'Int', value: 1e9, expected: 1000000000 },
  { type: 'Int', value: true, expected: 1 },
  { type: 'Int', value: false, expected: 0 },
  { type: 'Int', value: '42', expected: 42 },
  { type: 'Int', value: ' 42 ', expected: 42 },
  { type: 'Int', value: '-42', expected: -42 },
  { type: 'Int', value: '+42', expected: 42 },
  { type: 'Int', value: '007', expected: 7 },
  { type: 'Int', value: '2147483647', expected: 2147483647 },
  { type: 'Int', value: '-2147483648', expected: -2147483648 },
  // Float: finite numbers that stay finite as float32; booleans 1/0; numeric strings.
  { type: 'Float', value: 0, expected: 0 },
  { type: 'Float', value: 1, expected: 1 },
  { type: 'Float', value: -1.5, expected: -1.5 },
  { type: 'Float', value: 3.141, expected: 3.141 },
  { type: 'Float', value: 0.1, expected: 0.1 },
  { type: 'Float', value: 8.496892, expected: 8.496892 },
  { type: 'Float', value: 1.0000001, expected: 1.0000001 },
  { type: 'Float', value: 16777217, expected: 16777216 },
  { type: 'Float', value: 1e38, expected: 1e38 },
  { type: 'Float', value: -1e38, expected: -1e38 },
  { type: 'Float', value: 3.4028234663852886e38, expected: 3.4028235e38 },
  { type: 'Float', value: 1e-50, expected: 0 },
  { type: 'Float', value: 2147483647, expected: 2147483600 },
  { type: 'Float', value: true, expected: 1 },
  { type: 'Float', value: false, expected: 0 },
  { type: 'Float', value: '2.5', expected: 2.5 },
  { type: 'Float', value: '3.141', expected: 3.141 },
  { type: 'Float', value: ' -4 ', expected: -4 },
  { type: 'Float', value: '1e3', expected: 1000 },
  { type: 'Float', value: '.5', expected: 0.5 },
  { type: 'Float', value: '+1.5', expected: 1.5 },
];

const rejected: Rejected[] = [
  // Bit: other strings, null, missing, objects, arrays.
  ...['yes', 'no', '1', '0', '', ' ', 'truee', 't', 'on'].map((value) => ({ type: 'Bit' as const, value })),
  ...[null, MISSING, {}, { value: true }, [], [true]].map((value) => ({ type: 'Bit' as const, value })),
  // Int: out of range, non-integer strings, null, missing, objects, arrays.
  ...[2147483648, -2147483649, 2147483647.5, -2147483649.5, 1e10, -1e10, 1e300].map((value) => ({
    type: 'Int' as const,
    value,
  })),
  ...['1.5', '2147483648', '-2147483649', '1e3', 'abc', '', ' ', '4 2', '0x10', 'true'].map((value) => ({
    type: 'Int' as const,
    value,
  })),
  ...[null, MISSING, {}, [], [1]].map((value) => ({ type: 'Int' as const, value })),
  // Float: overflow as float32, non-numeric strings, null, missing, objects, arrays.
  ...[1e39, -1e39, 3.5e38, 1e300].map((value) => ({ type: 'Float' as const, value })),
  ...['1e39', 'abc', '', ' ', '1,5', 'NaN', 'Infinity', 'true', '0x10'].map((value) => ({
    type: 'Float' as const,
    value,
  })),
  ...[null, MISSING, {}, [], [1.5]].map((value) => ({ type: 'Float' as const, value })),
];

function show(value: Input): string {
  return value === MISSING ? '<missing>' : JSON.stringify(value);
}

function item(id: string, value: Input): Record<string, unknown> {
  return value === MISSING ? { id } : { id, value };
}

/** A value of the type that differs from `not`, to prove that a write really happened. */
function sentinel(type: TagType, not?: TagValue): TagValue {
  if (type === 'Bit') return not === undefined ? true : !not;
  if (type === 'Int') return not === 123456 ? 654321 : 123456;
  return not === 7.25 ? 6.5 : 7.25;
}

// A scene with an Output of every type: Bit 'Grab', Int 'Counter', Float 'Set X'.
const TAG_OF_TYPE: Record<TagType, string> = { Bit: 'Grab', Int: 'Counter', Float: 'Set X' };

const t = useTestServer({ sceneName: 'Assembler (Analog)' });

async function tagById(id: string): Promise<ApiTag> {
  const res = await t.client.get(`/api/tags/${id}`);
  expect(res.status).toBe(200);
  return res.json as ApiTag;
}

async function putOk(path: string, body: unknown): Promise<void> {
  const res = await t.client.put(path, body);
  expect(res.status, res.text).toBe(200);
  expect(res.text, `${path} ${JSON.stringify(body)}`).toBe('[]');
}

const label = (row: Accepted | Rejected) => `${row.type} ${show(row.value)}`;

describe.each([
  { op: 'set', path: '/api/tag/values' },
  { op: 'force', path: '/api/tag/values-force' },
])('$op ($path)', ({ op, path }) => {
  it.each(accepted.map((row) => [label(row), row] as const))('accepts %s', async (_, row) => {
    const id = t.idOf(TAG_OF_TYPE[row.type]);
    await putOk(path, [{ id, value: sentinel(row.type, row.expected) }]);
    await putOk(path, [item(id, row.value)]);
    const tag = await tagById(id);
    expect(tag.value).toBe(row.expected);
    if (op === 'force') expect(tag).toMatchObject({ isForced: true, forcedValue: row.expected });
    // The value travels as the shortest JSON text of the stored value.
    const read = await t.client.getWithJson('/api/tag/values', [id]);
    expect(read.text).toBe(`[{"id":"${id}","value":${JSON.stringify(row.expected)}}]`);
  });

  it.each(rejected.map((row) => [label(row), row] as const))(
    'rejects %s with a per-item 406 and leaves the tag unchanged',
    async (_, row) => {
      const id = t.idOf(TAG_OF_TYPE[row.type]);
      const before = sentinel(row.type);
      await putOk(path, [{ id, value: before }]);
      const res = await t.client.put(path, [item(id, row.value)]);
      expect(res.status).toBe(200);
      expect(res.json).toEqual([
        { id, code: 406, error: `Could not convert value to the tag data type: ${row.type}.` },
      ]);
      const tag = await tagById(id);
      expect(tag.value).toBe(before);
      if (op === 'force') expect(tag.forcedValue).toBe(before);
    },
  );
});

describe('the bool conversion of Always On and Always Off follows the Bit row', () => {
  const bits = accepted.filter((row) => row.type === 'Bit');
  const notBits = rejected.filter((row) => row.type === 'Bit');

  it.each(bits.map((row) => [show(row.value), row] as const))(
    'Always On accepts %s on an Int tag',
    async (_, row) => {
      const id = t.idOf('Counter');
      await putOk('/api/tag/values-alwayson', [{ id, value: !row.expected }]);
      await putOk('/api/tag/values-alwayson', [item(id, row.value)]);
      expect((await tagById(id)).shortCircuit).toBe(row.expected);
    },
  );

  it.each(notBits.map((row) => [show(row.value), row] as const))(
    'Always Off rejects %s with a per-item 400',
    async (_, row) => {
      const id = t.idOf('Set X');
      const res = await t.client.put('/api/tag/values-alwaysoff', [item(id, row.value)]);
      expect(res.json).toEqual([{ id, code: 400, error: 'Could not convert value to bool data type' }]);
      expect((await tagById(id)).openCircuit).toBe(false);
    },
  );
});

describe('float32 storage and serialisation', () => {
  it('3.141 is served as the JSON text 3.141 in every response that carries it', async () => {
    const id = t.idOf('Set X');
    const input = t.idOf('X');
    await putOk('/api/tag/values', [{ id, value: 3.141 }]);
    await putOk('/api/tag/values-force', [{ id: input, value: 3.141 }]);

    const one = await t.client.get(`/api/tags/${id}`);
    expect(one.text).toContain('"value":3.141,');
    expect(one.text).not.toContain('3.1410000324249268');

    const forced = await t.client.get(`/api/tags/${input}`);
    expect(forced.text).toContain('"value":3.141,');
    expect(forced.text).toContain('"forcedValue":3.141}');

    const all = await t.client.get('/api/tags?type=float');
    expect(all.text).not.toContain('3.1410000324249268');
    expect(all.text.match(/3\.141\b/g)).toHaveLength(3);

    const values = await t.client.getWithJson('/api/tag/values', [id, input]);
    expect(values.text).toBe(`[{"id":"${id}","value":3.141},{"id":"${input}","value":3.141}]`);
    const byName = await t.client.getWithJson('/api/tag/values/by-name', ['Set X']);
    expect(byName.text).toBe('[{"name":"Set X","value":3.141}]');
  });

  it('a value arriving as float64 text is stored as its float32 and read back as the shortest decimal', async () => {
    const id = t.idOf('Set X');
    // The float64 expansion of float32(3.141) is the same float32: it reads back as 3.141.
    await t.client.request('PUT', '/api/tag/values', { body: `[{"id":"${id}","value":3.1410000324249268}]` });
    const read = await t.client.getWithJson('/api/tag/values', [id]);
    expect(read.text).toBe(`[{"id":"${id}","value":3.141}]`);
    // 0.1 + 0.2 in float64 rounds to the float32 of 0.3.
    await putOk('/api/tag/values', [{ id, value: 0.1 + 0.2 }]);
    const again = await t.client.getWithJson('/api/tag/values', [id]);
    expect(again.text).toBe(`[{"id":"${id}","value":0.3}]`);
  });
});
