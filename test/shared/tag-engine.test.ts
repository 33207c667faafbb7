// docs/api.md at the level of the domain core: values, forces, failures, batches,
// listing and change notifications of TagEngine (no HTTP).
import { describe, it, expect, vi } from 'vitest';
import { messages } from '../../shared/core/messages.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine, type TagChangeEvent } from '../../shared/core/tag-engine.js';
import type { TagDefinition } from '../../shared/core/tag-types.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';

const TAGS: readonly TagDefinition[] = [
  { id: 'motor', name: 'Motor', kind: 'Output', type: 'Bit', address: 0 },
  { id: 'counter', name: 'Counter', kind: 'Output', type: 'Int', address: 0 },
  { id: 'speed', name: 'Speed', kind: 'Output', type: 'Float', address: 0 },
  { id: 'valve', name: 'Valve', kind: 'Output', type: 'Float', address: 1, max: 5 },
  { id: 'level', name: 'Level', kind: 'Output', type: 'Int', address: 1, max: 100 },
  { id: 'sensor', name: 'Sensor', kind: 'Input', type: 'Bit', address: 0 },
  { id: 'dup-in', name: 'Dup', kind: 'Input', type: 'Float', address: 0 },
  { id: 'dup-out', name: 'Dup', kind: 'Output', type: 'Int', address: 2 },
  { id: 'scale', name: 'Scale', kind: 'Input', type: 'Float', address: 1, initial: 1 },
];
const SCENE: SceneDefinition = { name: 'Test scene', tags: TAGS };

const INPUT_NOT_WRITABLE = 'Not allowed to set value of an input tag.';
const NOT_BOOL = 'Could not convert value to bool data type';
const RESET = 'FACTORY I/O (Reset)';

function newEngine(scene: SceneDefinition = SCENE): TagEngine {
  return new TagEngine(scene);
}

/** The state of one tag, which must exist. */
function tag(engine: TagEngine, id: string) {
  const snapshot = engine.getTag(id);
  if (!snapshot) throw new Error(`test scene has no tag ${id}`);
  return snapshot;
}

const value = (engine: TagEngine, id: string) => tag(engine, id).value;

/** Records every change event. */
function record(engine: TagEngine): TagChangeEvent[] {
  const events: TagChangeEvent[] = [];
  engine.subscribe((e) => events.push(e));
  return events;
}

describe('initial state', () => {
  it('starts every tag OFF, unforced and without failure, unless it has an initial value', () => {
    const engine = newEngine();
    expect(tag(engine, 'motor')).toStrictEqual({
      name: 'Motor',
      id: 'motor',
      address: 0,
      type: 'Bit',
      kind: 'Output',
      value: false,
      openCircuit: false,
      shortCircuit: false,
      isForced: false,
      forcedValue: false,
    });
    expect(tag(engine, 'counter')).toMatchObject({ value: 0, forcedValue: 0 });
    expect(tag(engine, 'speed')).toMatchObject({ value: 0, forcedValue: 0 });
    expect(value(engine, 'scale')).toBe(1);
  });

  it('falls back to OFF when the initial value does not convert', () => {
    const engine = newEngine({
      name: 's',
      tags: [{ id: 'x', name: 'X', kind: 'Output', type: 'Int', address: 0, initial: 2 ** 40 }],
    });
    expect(value(engine, 'x')).toBe(0);
  });
});

describe('effective value', () => {
  it('follows shortCircuit ? ON : openCircuit ? OFF : isForced ? forcedValue : raw', () => {
    const engine = newEngine();
    expect(engine.write('set', 'id', [{ id: 'counter', value: 7 }])).toEqual([]);
    expect(value(engine, 'counter')).toBe(7);

    engine.write('force', 'id', [{ id: 'counter', value: 42 }]);
    expect(tag(engine, 'counter')).toMatchObject({ value: 42, isForced: true, forcedValue: 42 });

    engine.write('alwaysOff', 'id', [{ id: 'counter', value: true }]);
    expect(tag(engine, 'counter')).toMatchObject({ value: 0, openCircuit: true, shortCircuit: false });

    engine.write('alwaysOn', 'id', [{ id: 'counter', value: true }]);
    expect(tag(engine, 'counter')).toMatchObject({
      value: 2147483647,
      openCircuit: false,
      shortCircuit: true,
    });

    engine.write('alwaysOn', 'id', [{ id: 'counter', value: false }]);
    expect(tag(engine, 'counter')).toMatchObject({ value: 42, openCircuit: false, shortCircuit: false });

    engine.release('id', ['counter']);
    expect(tag(engine, 'counter')).toMatchObject({ value: 7, isForced: false, forcedValue: 42 });
  });

  it.each([
    ['motor', true],
    ['counter', 2147483647],
    ['speed', 10],
    ['valve', 5],
    ['level', 100],
    ['sensor', true],
    ['dup-in', 10],
  ])('Always On shows ON for %s: %s', (id, on) => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id, value: id === 'motor' || id === 'sensor' ? false : 1 }]);
    engine.write('alwaysOn', 'id', [{ id, value: true }]);
    expect(value(engine, id)).toBe(on);
  });

  it.each([
    ['motor', true, false],
    ['counter', 9, 0],
    ['speed', 2.5, 0],
    ['sensor', true, false],
  ])('Always Off shows OFF for %s over a force to %s', (id, forced, off) => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id, value: forced }]);
    engine.write('alwaysOff', 'id', [{ id, value: true }]);
    expect(value(engine, id)).toBe(off);
    expect(tag(engine, id).forcedValue).toBe(forced);
  });

  it('Always On wins over a force, and forcedValue is kept under a failure', () => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id: 'speed', value: 2.5 }]);
    engine.write('alwaysOn', 'id', [{ id: 'speed', value: 1 }]);
    expect(tag(engine, 'speed')).toMatchObject({ value: 10, isForced: true, forcedValue: 2.5 });
  });
});

describe('set value', () => {
  it('sets the raw value of an Output, converted to its type', () => {
    const engine = newEngine();
    expect(
      engine.write('set', 'id', [
        { id: 'motor', value: 1 },
        { id: 'counter', value: 2.5 },
        { id: 'speed', value: 3.141 },
      ]),
    ).toEqual([]);
    expect(value(engine, 'motor')).toBe(true);
    expect(value(engine, 'counter')).toBe(2);
    expect(value(engine, 'speed')).toBe(3.141);
  });

  it('while forced, keeps showing the forced value; the new raw shows after release', () => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id: 'counter', value: 5 }]);
    expect(engine.write('set', 'id', [{ id: 'counter', value: 9 }])).toEqual([]);
    expect(tag(engine, 'counter')).toMatchObject({ value: 5, isForced: true, forcedValue: 5 });
    engine.release('id', ['counter']);
    expect(value(engine, 'counter')).toBe(9);
  });

  it('while failed, keeps showing the failure; the new raw shows once it is cleared', () => {
    const engine = newEngine();
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    engine.write('set', 'id', [{ id: 'motor', value: false }]);
    expect(value(engine, 'motor')).toBe(true);
    engine.write('alwaysOff', 'id', [{ id: 'counter', value: true }]);
    engine.write('set', 'id', [{ id: 'counter', value: 9 }]);
    expect(value(engine, 'counter')).toBe(0);
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: false }]);
    engine.write('alwaysOff', 'id', [{ id: 'counter', value: false }]);
    expect(value(engine, 'motor')).toBe(false);
    expect(value(engine, 'counter')).toBe(9);
  });

  it('refuses an Input with 406 and leaves it unchanged', () => {
    const engine = newEngine();
    expect(engine.write('set', 'id', [{ id: 'sensor', value: true }])).toStrictEqual([
      { id: 'sensor', code: 406, error: INPUT_NOT_WRITABLE },
    ]);
    expect(value(engine, 'sensor')).toBe(false);
  });

  it.each([
    ['motor', 'yes', 'Bit'],
    ['motor', null, 'Bit'],
    ['counter', '1.5', 'Int'],
    ['counter', 2147483648, 'Int'],
    ['counter', [1], 'Int'],
    ['speed', 1e39, 'Float'],
    ['speed', 'abc', 'Float'],
    ['speed', { v: 1 }, 'Float'],
  ])('refuses to set %s to %j with 406 for %s', (id, bad, type) => {
    const engine = newEngine();
    engine.write('set', 'id', [{ id, value: id === 'motor' ? true : 3 }]);
    const before = tag(engine, id);
    expect(engine.write('set', 'id', [{ id, value: bad }])).toStrictEqual([
      { id, code: 406, error: `Could not convert value to the tag data type: ${type}.` },
    ]);
    expect(tag(engine, id)).toStrictEqual(before);
  });

  it('refuses a missing value with the conversion error', () => {
    const engine = newEngine();
    expect(engine.write('set', 'id', [{ id: 'counter' }])).toStrictEqual([
      { id: 'counter', code: 406, error: 'Could not convert value to the tag data type: Int.' },
    ]);
  });

  it('handles items in order: the later write to a tag wins, errors keep item order', () => {
    const engine = newEngine();
    const errors = engine.write('set', 'id', [
      { id: 'counter', value: 1 },
      { id: 'nope', value: 1 },
      { id: 'counter', value: 2 },
      { id: 'sensor', value: true },
    ]);
    expect(value(engine, 'counter')).toBe(2);
    expect(errors).toStrictEqual([
      { id: 'nope', code: 404, error: "Tag with id 'nope' not found." },
      { id: 'sensor', code: 406, error: INPUT_NOT_WRITABLE },
    ]);
  });
});

describe('force and release', () => {
  it('forces any tag, Inputs included, to the converted value', () => {
    const engine = newEngine();
    expect(
      engine.write('force', 'id', [
        { id: 'sensor', value: 'TRUE' },
        { id: 'dup-in', value: '2.5' },
        { id: 'counter', value: 3.5 },
      ]),
    ).toEqual([]);
    expect(tag(engine, 'sensor')).toMatchObject({ value: true, isForced: true, forcedValue: true });
    expect(tag(engine, 'dup-in')).toMatchObject({ value: 2.5, forcedValue: 2.5 });
    expect(tag(engine, 'counter')).toMatchObject({ value: 4, forcedValue: 4 });
  });

  it('refuses an unconvertible force with 406 and leaves the tag unforced', () => {
    const engine = newEngine();
    expect(engine.write('force', 'id', [{ id: 'sensor', value: 'yes' }])).toStrictEqual([
      { id: 'sensor', code: 406, error: 'Could not convert value to the tag data type: Bit.' },
    ]);
    expect(tag(engine, 'sensor')).toMatchObject({ isForced: false, forcedValue: false });
  });

  it('release keeps forcedValue, and releasing an unforced tag succeeds', () => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id: 'speed', value: 7.5 }]);
    expect(engine.release('id', ['speed'])).toEqual([]);
    expect(tag(engine, 'speed')).toMatchObject({ value: 0, isForced: false, forcedValue: 7.5 });
    expect(engine.release('id', ['speed', 'motor'])).toEqual([]);
    expect(tag(engine, 'motor').isForced).toBe(false);
  });

  it('release reports unknown and malformed refs per item', () => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id: 'motor', value: true }]);
    expect(engine.release('id', ['ghost', 5, 'motor'])).toStrictEqual([
      { id: 'ghost', code: 404, error: "Tag with id 'ghost' not found." },
      { id: null, code: 400, error: messages.malformedRef('id') },
    ]);
    expect(tag(engine, 'motor').isForced).toBe(false);
    expect(engine.release('name', ['Ghost', null])).toStrictEqual([
      { name: 'Ghost', code: 404, error: "Tag named 'Ghost' not found." },
      { name: null, code: 400, error: messages.malformedRef('name') },
    ]);
  });
});

describe('always off / always on', () => {
  it('setting one failure clears the other', () => {
    const engine = newEngine();
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    engine.write('alwaysOff', 'id', [{ id: 'motor', value: true }]);
    expect(tag(engine, 'motor')).toMatchObject({ openCircuit: true, shortCircuit: false, value: false });
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    expect(tag(engine, 'motor')).toMatchObject({ openCircuit: false, shortCircuit: true, value: true });
  });

  it('false clears only its own flag', () => {
    const engine = newEngine();
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    expect(engine.write('alwaysOff', 'id', [{ id: 'motor', value: false }])).toEqual([]);
    expect(tag(engine, 'motor')).toMatchObject({ openCircuit: false, shortCircuit: true });
    engine.write('alwaysOff', 'id', [{ id: 'counter', value: true }]);
    engine.write('alwaysOn', 'id', [{ id: 'counter', value: false }]);
    expect(tag(engine, 'counter')).toMatchObject({ openCircuit: true, shortCircuit: false });
    engine.write('alwaysOff', 'id', [{ id: 'counter', value: false }]);
    expect(tag(engine, 'counter')).toMatchObject({ openCircuit: false, shortCircuit: false });
  });

  it('converts the value to bool like a Bit (numbers, "true"/"false" strings)', () => {
    const engine = newEngine();
    expect(engine.write('alwaysOn', 'id', [{ id: 'speed', value: ' True ' }])).toEqual([]);
    expect(tag(engine, 'speed').shortCircuit).toBe(true);
    expect(engine.write('alwaysOn', 'id', [{ id: 'speed', value: 0 }])).toEqual([]);
    expect(tag(engine, 'speed').shortCircuit).toBe(false);
    expect(engine.write('alwaysOff', 'id', [{ id: 'sensor', value: 2 }])).toEqual([]);
    expect(tag(engine, 'sensor').openCircuit).toBe(true);
  });

  it.each(['alwaysOff', 'alwaysOn'] as const)(
    '%s with an unconvertible value answers 400 and changes nothing',
    (operation) => {
      const engine = newEngine();
      const errors = engine.write(operation, 'id', [
        { id: 'motor', value: 'yes' },
        { id: 'counter', value: null },
        { id: 'speed' },
        { id: 'sensor', value: [true] },
      ]);
      expect(errors).toStrictEqual([
        { id: 'motor', code: 400, error: NOT_BOOL },
        { id: 'counter', code: 400, error: NOT_BOOL },
        { id: 'speed', code: 400, error: NOT_BOOL },
        { id: 'sensor', code: 400, error: NOT_BOOL },
      ]);
      for (const t of engine.listTags()) expect(t).toMatchObject({ openCircuit: false, shortCircuit: false });
    },
  );
});

describe('unknown and malformed items', () => {
  it.each(['set', 'force', 'alwaysOff', 'alwaysOn'] as const)('%s answers 404 per unknown tag', (op) => {
    const engine = newEngine();
    expect(engine.write(op, 'id', [{ id: 'ghost', value: true }])).toStrictEqual([
      { id: 'ghost', code: 404, error: "Tag with id 'ghost' not found." },
    ]);
    expect(engine.write(op, 'name', [{ name: 'motor', value: true }])).toStrictEqual([
      { name: 'motor', code: 404, error: "Tag named 'motor' not found." }, // names are case-sensitive
    ]);
  });

  it('ids are compared exactly', () => {
    const engine = newEngine();
    expect(engine.getTag('MOTOR')).toBeUndefined();
    expect(engine.getTag(' motor')).toBeUndefined();
    expect(engine.write('set', 'id', [{ id: 'Motor', value: true }])[0]?.code).toBe(404);
  });

  it('answers a per-item 400 with id: null for a malformed item; the others still apply', () => {
    const engine = newEngine();
    const malformed = { id: null, code: 400, error: messages.malformedValueItem('id') };
    const errors = engine.write('set', 'id', [
      5,
      null,
      'motor',
      ['motor', true],
      { id: 'counter', value: 3 },
      {},
      { id: 5, value: 1 },
      { name: 'Motor', value: true },
    ]);
    expect(errors).toStrictEqual([
      malformed,
      malformed,
      malformed,
      malformed,
      malformed,
      malformed,
      malformed,
    ]);
    expect(value(engine, 'counter')).toBe(3);
    expect(value(engine, 'motor')).toBe(false);
  });

  it('answers name: null for malformed by-name items', () => {
    const engine = newEngine();
    expect(engine.write('force', 'name', [{ id: 'motor', value: true }, { name: 1 }])).toStrictEqual([
      { name: null, code: 400, error: messages.malformedValueItem('name') },
      { name: null, code: 400, error: messages.malformedValueItem('name') },
    ]);
  });
});

describe('by-name operations', () => {
  it('act on every tag with the name and report each failing tag, in scene order', () => {
    const engine = newEngine();
    // 'Dup' is an Input Float first, then an Output Int.
    expect(engine.write('set', 'name', [{ name: 'Dup', value: 4 }])).toStrictEqual([
      { name: 'Dup', code: 406, error: INPUT_NOT_WRITABLE },
    ]);
    expect(value(engine, 'dup-out')).toBe(4);
    expect(value(engine, 'dup-in')).toBe(0);

    expect(engine.write('set', 'name', [{ name: 'Dup', value: '1.5' }])).toStrictEqual([
      { name: 'Dup', code: 406, error: INPUT_NOT_WRITABLE },
      { name: 'Dup', code: 406, error: 'Could not convert value to the tag data type: Int.' },
    ]);

    expect(engine.write('force', 'name', [{ name: 'Dup', value: '1.5' }])).toStrictEqual([
      { name: 'Dup', code: 406, error: 'Could not convert value to the tag data type: Int.' },
    ]);
    expect(tag(engine, 'dup-in')).toMatchObject({ value: 1.5, isForced: true });
    expect(tag(engine, 'dup-out')).toMatchObject({ value: 4, isForced: false });

    expect(engine.release('name', ['Dup'])).toEqual([]);
    expect(tag(engine, 'dup-in').isForced).toBe(false);
  });

  it('a by-name set on FACTORY I/O (Reset) sets the Output and reports 406 for the Input', () => {
    const engine = newEngine(builtinScene(DEFAULT_SCENE_NAME)!);
    expect(engine.write('set', 'name', [{ name: RESET, value: true }])).toStrictEqual([
      { name: RESET, code: 406, error: INPUT_NOT_WRITABLE },
    ]);
    const [output, input] = engine.tagsNamed(RESET);
    expect(output).toMatchObject({ kind: 'Output', value: true });
    expect(input).toMatchObject({ kind: 'Input', value: false });
    expect(engine.readValues('name', [RESET])).toStrictEqual([
      { name: RESET, value: true },
      { name: RESET, value: false },
    ]);
  });

  it('failures by name apply to every tag with the name', () => {
    const engine = newEngine(builtinScene(DEFAULT_SCENE_NAME)!);
    expect(engine.write('alwaysOn', 'name', [{ name: RESET, value: true }])).toEqual([]);
    expect(engine.tagsNamed(RESET).map((t) => [t.kind, t.shortCircuit, t.value])).toEqual([
      ['Output', true, true],
      ['Input', true, true],
    ]);
  });
});

describe('readValues', () => {
  it('without refs returns every tag in scene order, by id or by name', () => {
    const engine = newEngine();
    engine.write('set', 'id', [{ id: 'counter', value: 12 }]);
    expect(engine.readValues('id')).toStrictEqual(
      TAGS.map((t) => ({ id: t.id, value: engine.getTag(t.id)!.value })),
    );
    expect(engine.readValues('name')).toStrictEqual(
      TAGS.map((t) => ({ name: t.name, value: engine.getTag(t.id)!.value })),
    );
    expect(engine.readValues('id')[1]).toStrictEqual({ id: 'counter', value: 12 });
  });

  it('returns effective values in request order, repeats included, with per-item errors', () => {
    const engine = newEngine();
    engine.write('set', 'id', [{ id: 'counter', value: 3 }]);
    engine.write('force', 'id', [{ id: 'sensor', value: true }]);
    expect(engine.readValues('id', ['sensor', 'ghost', 'counter', 7, 'sensor'])).toStrictEqual([
      { id: 'sensor', value: true },
      { id: 'ghost', code: 404, error: "Tag with id 'ghost' not found." },
      { id: 'counter', value: 3 },
      { id: null, code: 400, error: messages.malformedRef('id') },
      { id: 'sensor', value: true },
    ]);
  });

  it('by name yields one entry per matching tag in scene order', () => {
    const engine = newEngine();
    engine.write('set', 'id', [{ id: 'dup-out', value: 8 }]);
    expect(engine.readValues('name', ['Motor', 'Dup', 'nobody', null])).toStrictEqual([
      { name: 'Motor', value: false },
      { name: 'Dup', value: 0 },
      { name: 'Dup', value: 8 },
      { name: 'nobody', code: 404, error: "Tag named 'nobody' not found." },
      { name: null, code: 400, error: messages.malformedRef('name') },
    ]);
  });

  it('an empty ref list reads nothing', () => {
    expect(newEngine().readValues('id', [])).toEqual([]);
  });
});

describe('listTags, getTag, tagsNamed', () => {
  const ids = (engine: TagEngine, filter: Parameters<TagEngine['listTags']>[0]) =>
    engine.listTags(filter).map((t) => t.id);

  it('lists every tag in scene order, stable across calls and writes', () => {
    const engine = newEngine();
    const order = TAGS.map((t) => t.id);
    expect(ids(engine, {})).toEqual(order);
    engine.write('set', 'id', [{ id: 'speed', value: 1 }]);
    engine.write('force', 'id', [{ id: 'motor', value: true }]);
    expect(ids(engine, {})).toEqual(order);
    expect(engine.listTags()).toEqual(engine.listTags());
    expect(engine.tagCount).toBe(TAGS.length);
  });

  it('filters by type, kind and name, combined with AND', () => {
    const engine = newEngine();
    expect(ids(engine, { type: 'Float' })).toEqual(['speed', 'valve', 'dup-in', 'scale']);
    expect(ids(engine, { kind: 'Input' })).toEqual(['sensor', 'dup-in', 'scale']);
    expect(ids(engine, { type: 'Float', kind: 'Output' })).toEqual(['speed', 'valve']);
    expect(ids(engine, { name: 'dup' })).toEqual(['dup-in', 'dup-out']);
    expect(ids(engine, { name: 'DUP', kind: 'Output' })).toEqual(['dup-out']);
    expect(ids(engine, { name: 'Dup', type: 'Bit' })).toEqual([]);
    expect(ids(engine, { name: 's*', type: 'Float', kind: 'Input' })).toEqual(['scale']);
    expect(ids(engine, { name: '?e*' })).toEqual(['level', 'sensor']);
    expect(ids(engine, { name: 'Sens' })).toEqual([]);
  });

  it('getTag finds by exact id; tagsNamed by exact, case-sensitive name in scene order', () => {
    const engine = newEngine();
    expect(engine.getTag('valve')?.name).toBe('Valve');
    expect(engine.getTag('nope')).toBeUndefined();
    expect(engine.tagsNamed('Dup').map((t) => t.id)).toEqual(['dup-in', 'dup-out']);
    expect(engine.tagsNamed('dup')).toEqual([]);
  });

  it('snapshots are copies: mutating one does not change the engine', () => {
    const engine = newEngine();
    const snapshot = tag(engine, 'motor');
    snapshot.value = true;
    expect(value(engine, 'motor')).toBe(false);
  });
});

describe('change notifications', () => {
  it('sends exactly one event per batch with exactly the changed tag ids', () => {
    const engine = newEngine();
    const events = record(engine);
    engine.write('set', 'id', [
      { id: 'motor', value: true },
      { id: 'counter', value: 0 }, // unchanged
      { id: 'speed', value: 2 },
      { id: 'sensor', value: true }, // 406
      { id: 'ghost', value: 1 }, // 404
      { id: 'speed', value: 3 },
    ]);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({ source: 'api', sceneChanged: false, tagIds: new Set(['motor', 'speed']) });
  });

  it('reports each kind of write and a by-name write on several tags', () => {
    const engine = newEngine();
    const events = record(engine);
    engine.write('force', 'name', [{ name: 'Dup', value: 1 }]);
    engine.write('alwaysOff', 'id', [{ id: 'valve', value: true }]);
    engine.write('alwaysOn', 'id', [{ id: 'valve', value: true }]);
    engine.release('name', ['Dup']);
    expect(events.map((e) => [...e.tagIds].sort())).toEqual([
      ['dup-in', 'dup-out'],
      ['valve'],
      ['valve'],
      ['dup-in', 'dup-out'],
    ]);
  });

  it('sends no event when nothing changed', () => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id: 'counter', value: 5 }]);
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    const events = record(engine);
    engine.write('set', 'id', [{ id: 'speed', value: 0 }]);
    engine.write('force', 'id', [{ id: 'counter', value: 5 }]);
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    engine.write('alwaysOff', 'id', [{ id: 'speed', value: false }]);
    engine.write('alwaysOff', 'id', [{ id: 'motor', value: false }]);
    engine.write('set', 'id', [{ id: 'sensor', value: true }, { id: 'ghost', value: 1 }, 7]);
    engine.write('set', 'id', []);
    engine.release('id', ['speed', 'ghost']);
    engine.readValues('id');
    engine.listTags();
    engine.simulate('id', [{ ref: 'scale', value: 1 }]);
    expect(events).toEqual([]);
  });

  it('releaseAll and clearFailures send no event when nothing is forced or failed', () => {
    const engine = newEngine();
    const events = record(engine);
    engine.releaseAll();
    engine.clearFailures();
    expect(events).toEqual([]);
  });

  it('notifies after the whole batch is applied', () => {
    const engine = newEngine();
    const seen: unknown[] = [];
    engine.subscribe(() => seen.push(engine.readValues('id', ['motor', 'counter'])));
    engine.write('set', 'id', [
      { id: 'motor', value: true },
      { id: 'counter', value: 9 },
    ]);
    expect(seen).toEqual([
      [
        { id: 'motor', value: true },
        { id: 'counter', value: 9 },
      ],
    ]);
  });

  it('stops notifying after unsubscribe', () => {
    const engine = newEngine();
    const listener = vi.fn();
    const unsubscribe = engine.subscribe(listener);
    engine.write('set', 'id', [{ id: 'motor', value: true }]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    engine.write('set', 'id', [{ id: 'motor', value: false }]);
    engine.loadScene(SCENE);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a throwing listener does not break the write and is reported via reportError', () => {
    const reportError = vi.fn();
    const engine = new TagEngine(SCENE, { reportError });
    const boom = new Error('listener broke');
    engine.subscribe(() => {
      throw boom;
    });
    const events = record(engine);
    expect(engine.write('set', 'id', [{ id: 'motor', value: true }])).toEqual([]);
    expect(value(engine, 'motor')).toBe(true);
    expect(events).toHaveLength(1);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(boom);
  });

  it('a throwing listener without reportError is swallowed', () => {
    const engine = newEngine();
    engine.subscribe(() => {
      throw new Error('ignored');
    });
    expect(() => engine.write('set', 'id', [{ id: 'motor', value: true }])).not.toThrow();
    expect(value(engine, 'motor')).toBe(true);
  });
});

describe('simulate, releaseAll, clearFailures', () => {
  it('simulate sets the raw value of Inputs, converted, under the simulation source', () => {
    const engine = newEngine();
    const events = record(engine);
    expect(
      engine.simulate('id', [
        { ref: 'sensor', value: true },
        { ref: 'dup-in', value: '2.5' },
      ]),
    ).toEqual([]);
    expect(value(engine, 'sensor')).toBe(true);
    expect(value(engine, 'dup-in')).toBe(2.5);
    expect(events).toEqual([
      { source: 'simulation', sceneChanged: false, tagIds: new Set(['sensor', 'dup-in']) },
    ]);
  });

  it('simulate by name sets every tag with the name; a force still shows over it', () => {
    const engine = newEngine();
    engine.write('force', 'id', [{ id: 'dup-in', value: 9 }]);
    expect(engine.simulate('name', [{ ref: 'Dup', value: 3 }])).toEqual([]);
    expect(value(engine, 'dup-in')).toBe(9);
    expect(value(engine, 'dup-out')).toBe(3);
    engine.release('id', ['dup-in']);
    expect(value(engine, 'dup-in')).toBe(3);
  });

  it('simulate reports unknown tags and unconvertible values per item', () => {
    const engine = newEngine();
    expect(
      engine.simulate('id', [
        { ref: 'ghost', value: 1 },
        { ref: 'sensor', value: 'maybe' },
      ]),
    ).toStrictEqual([
      { id: 'ghost', code: 404, error: "Tag with id 'ghost' not found." },
      { id: 'sensor', code: 406, error: 'Could not convert value to the tag data type: Bit.' },
    ]);
  });

  it('releaseAll releases every forced tag and keeps the forced values', () => {
    const engine = newEngine();
    engine.write('force', 'id', [
      { id: 'motor', value: true },
      { id: 'speed', value: 4 },
    ]);
    const events = record(engine);
    engine.releaseAll();
    expect(engine.listTags().filter((t) => t.isForced)).toEqual([]);
    expect(tag(engine, 'speed')).toMatchObject({ value: 0, forcedValue: 4 });
    expect(events).toEqual([
      { source: 'simulation', sceneChanged: false, tagIds: new Set(['motor', 'speed']) },
    ]);
  });

  it('clearFailures clears both kinds of failure', () => {
    const engine = newEngine();
    engine.write('alwaysOn', 'id', [{ id: 'motor', value: true }]);
    engine.write('alwaysOff', 'id', [{ id: 'level', value: true }]);
    const events = record(engine);
    engine.clearFailures('api');
    expect(engine.listTags().filter((t) => t.openCircuit || t.shortCircuit)).toEqual([]);
    expect(events).toEqual([{ source: 'api', sceneChanged: false, tagIds: new Set(['motor', 'level']) }]);
  });
});

describe('loadScene', () => {
  const OTHER: SceneDefinition = {
    name: 'Other',
    tags: [
      { id: 'a', name: 'A', kind: 'Output', type: 'Bit', address: 0 },
      { id: 'b', name: 'B', kind: 'Input', type: 'Int', address: 0 },
    ],
  };

  it('replaces the scene and emits sceneChanged with every new tag id', () => {
    const engine = newEngine();
    const events = record(engine);
    engine.loadScene(OTHER);
    expect(engine.scene).toBe(OTHER);
    expect(engine.listTags().map((t) => t.id)).toEqual(['a', 'b']);
    expect(engine.getTag('motor')).toBeUndefined();
    expect(events).toEqual([
      { source: 'scene', sceneChanged: true, keptState: false, tagIds: new Set(['a', 'b']) },
    ]);
  });

  it("says when a new scene keeps the tags' state (an edit of the scene served)", () => {
    const engine = newEngine();
    const events = record(engine);
    engine.loadScene({ ...SCENE, description: 'edited' }, { keepState: true });
    expect(events).toEqual([
      {
        source: 'scene',
        sceneChanged: true,
        keptState: true,
        tagIds: new Set(engine.listTags().map((t) => t.id)),
      },
    ]);
  });

  it('starts every tag over from its initial value when a scene is reloaded', () => {
    const engine = newEngine();
    engine.write('set', 'id', [{ id: 'motor', value: true }]);
    engine.write('force', 'id', [{ id: 'scale', value: 3 }]);
    engine.loadScene(SCENE);
    expect(value(engine, 'motor')).toBe(false);
    expect(tag(engine, 'scale')).toMatchObject({ value: 1, isForced: false, forcedValue: 0 });
  });

  it('refuses a scene with duplicate ids and keeps the current scene and its state', () => {
    const engine = newEngine();
    engine.write('set', 'id', [{ id: 'motor', value: true }]);
    const events = record(engine);
    const broken: SceneDefinition = {
      name: 'Broken',
      tags: [
        { id: 'x', name: 'X', kind: 'Output', type: 'Bit', address: 0 },
        { id: 'x', name: 'Y', kind: 'Output', type: 'Bit', address: 1 },
      ],
    };
    expect(() => engine.loadScene(broken)).toThrow(/two tags with id 'x'/);
    expect(engine.scene).toBe(SCENE);
    expect(engine.listTags().map((t) => t.id)).toEqual(TAGS.map((t) => t.id));
    expect(value(engine, 'motor')).toBe(true);
    expect(engine.getTag('x')).toBeUndefined();
    expect(events).toEqual([]);
  });

  it('the constructor refuses duplicate ids too', () => {
    expect(() => newEngine({ name: 'Dup ids', tags: [TAGS[0]!, TAGS[0]!] })).toThrow(/two tags with id/);
  });
});

describe('version', () => {
  it('moves on every change a client could see, and only then', () => {
    const engine = newEngine();
    const at = engine.version;
    engine.listTags();
    engine.readValues('id');
    engine.listTagsJson();
    engine.write('set', 'id', [{ id: 'motor', value: false }]); // already false: no change
    engine.write('set', 'id', [{ id: 'sensor', value: true }]); // an Input: refused
    engine.release('id', ['motor']); // not forced
    engine.releaseAll();
    engine.clearFailures();
    expect(engine.version).toBe(at);

    const moves: [string, () => void][] = [
      ['a write', () => engine.write('set', 'id', [{ id: 'motor', value: true }])],
      ['a force', () => engine.write('force', 'id', [{ id: 'counter', value: 3 }])],
      ['a release', () => engine.release('id', ['counter'])],
      ['a failure', () => engine.setFailure('level', 'alwaysOn')],
      ['a plant write', () => engine.simulate('id', [{ ref: 'sensor', value: true }])],
      ['a restore', () => engine.restoreStates(new Map())],
      ['a scene load', () => engine.loadScene(SCENE)],
    ];
    for (const [what, change] of moves) {
      const before = engine.version;
      change();
      expect(engine.version, what).toBeGreaterThan(before);
    }
  });

  it('is shared with pinned views: a write through one moves it', () => {
    const engine = newEngine();
    const view = engine.viewOfCurrentScene();
    const before = engine.version;
    view.write('set', 'id', [{ id: 'motor', value: true }]);
    expect(engine.version).toBeGreaterThan(before);
    expect(view.version).toBe(engine.version);
  });
});
