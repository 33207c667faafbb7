// docs/api.md, "Scenes, addresses and ids", and docs/fidelity.md: the shipped scenes, their system
// tags, addresses and fixed ids.
import { describe, it, expect } from 'vitest';
import { FIRST_RESERVED_ADDRESS, ADDRESS_SPACE_SIZE } from '../../shared/core/address-space.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { BUILTIN_SCENE_NAMES, builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function scene(name: string): SceneDefinition {
  const built = builtinScene(name);
  if (!built) throw new Error(`no built-in scene ${name}`);
  return built;
}

/** [name, kind, type, address] of each tag, scene order. */
const layout = (s: SceneDefinition) => s.tags.map((t) => [t.name, t.kind, t.type, t.address]);

const SYSTEM_LAYOUT = [
  ['FACTORY I/O (Run)', 'Output', 'Bit', 496],
  ['FACTORY I/O (Pause)', 'Output', 'Bit', 497],
  ['FACTORY I/O (Reset)', 'Output', 'Bit', 498],
  ['FACTORY I/O (Running)', 'Input', 'Bit', 496],
  ['FACTORY I/O (Paused)', 'Input', 'Bit', 497],
  ['FACTORY I/O (Reset)', 'Input', 'Bit', 498],
  ['FACTORY I/O (Time Scale)', 'Input', 'Float', 240],
];

describe('the default scene', () => {
  it("is 'Sorting by Height (Basic)'", () => {
    expect(DEFAULT_SCENE_NAME).toBe('Sorting by Height (Basic)');
    expect(BUILTIN_SCENE_NAMES).toContain(DEFAULT_SCENE_NAME);
  });

  it("lists the 7 system tags first, then the tags of the simulator's own scene, control panel included", () => {
    const s = scene(DEFAULT_SCENE_NAME);
    expect(s.name).toBe(DEFAULT_SCENE_NAME);
    const rows = layout(s);
    expect(rows.slice(0, SYSTEM_LAYOUT.length)).toEqual(SYSTEM_LAYOUT);
    // The saved copies of the real scene (docs/fidelity.md): addresses with gaps, as it has them.
    for (const row of [
      ['Load', 'Output', 'Bit', 0],
      ['Conveyor entry', 'Output', 'Bit', 4],
      ['Start light', 'Output', 'Bit', 10],
      ['Stop light', 'Output', 'Bit', 11],
      ['Reset light', 'Output', 'Bit', 12],
      ['Counter', 'Output', 'Int', 0],
      ['High sensor', 'Input', 'Bit', 5],
      ['Low sensor', 'Input', 'Bit', 6],
      ['Pallet sensor', 'Input', 'Bit', 7],
      ['At left entry', 'Input', 'Bit', 8],
      ['Start', 'Input', 'Bit', 9],
      ['At right exit', 'Input', 'Bit', 10],
      ['At left exit', 'Input', 'Bit', 11],
      ['At right entry', 'Input', 'Bit', 12],
      ['Stop', 'Input', 'Bit', 13],
      ['Reset', 'Input', 'Bit', 14],
      ['Emergency stop', 'Input', 'Bit', 15],
      ['Loaded', 'Input', 'Bit', 16],
      ['Manual', 'Input', 'Bit', 17],
      ['Auto', 'Input', 'Bit', 18],
    ]) {
      expect(rows).toContainEqual(row);
    }
    expect(s.tags).toHaveLength(SYSTEM_LAYOUT.length + 33);
  });

  it('rests as the real panel and sensors do: Stop and Emergency stop closed, retro-reflective sensors lit', () => {
    const engine = new TagEngine(scene(DEFAULT_SCENE_NAME));
    const value = (name: string) => engine.tagsNamed(name)[0]!.value;
    for (const name of [
      'Stop',
      'Emergency stop',
      'At left entry',
      'At right entry',
      'At left exit',
      'At right exit',
      'Manual',
    ]) {
      expect([name, value(name)]).toEqual([name, true]);
    }
    for (const name of ['Start', 'Reset', 'Auto', 'Loaded', 'Pallet sensor']) {
      expect([name, value(name)]).toEqual([name, false]);
    }
  });
});

describe('forces kept by the saved scenes (docs/fidelity.md, "Emitters")', () => {
  it('start every emitter and remover forced on, over a raw value the controller has not written', () => {
    let seen = 0;
    for (const name of BUILTIN_SCENE_NAMES) {
      const engine = new TagEngine(scene(name));
      for (const t of engine.listTags().filter((tag) => /emitter|remover/i.test(tag.name))) {
        expect([name, t.name, t.kind, t.value, t.isForced, t.forcedValue]).toEqual([
          name,
          t.name,
          'Output',
          true,
          true,
          true,
        ]);
        expect(engine.getTagState(t.id)!.raw, `${name}: ${t.name}`).toBe(false);
        seen++;
      }
    }
    expect(seen).toBe(32); // 14 emitters, 18 removers in the 11 scenes with a saved copy
  });

  it("keep the sorting station's first pivot arm output forced off, as its three saved copies do", () => {
    const engine = new TagEngine(scene('Sorting Station'));
    const forced = engine.listTags().filter((t) => t.isForced && !/emitter|remover/i.test(t.name));
    expect(forced.map((t) => [t.name, t.kind, t.address, t.value, t.forcedValue])).toEqual([
      ['-', 'Output', 6, false, false],
    ]);
    // Forced off, a write of true leaves it off (the scene's force wins, as on the simulator).
    expect(engine.write('set', 'id', [{ id: forced[0]!.id, value: true }])).toEqual([]);
    expect(engine.getTag(forced[0]!.id)!.value).toBe(false);
  });

  it('a reset of the scene (loading it again) forces them again; a state restore leaves what it restores', () => {
    const engine = new TagEngine(scene('Automated Warehouse'));
    const emitter = engine.tagsNamed('Emitter')[0]!;
    expect(engine.release('id', [emitter.id])).toEqual([]);
    expect(engine.getTag(emitter.id)!.isForced).toBe(false);
    engine.loadScene(scene('Automated Warehouse'));
    expect(engine.getTag(emitter.id)).toMatchObject({ isForced: true, value: true });
    // A saved state that has nothing for a tag starts it over: forced as its scene says.
    expect(engine.restoreStates(new Map())).toEqual([]);
    expect(engine.getTag(emitter.id)).toMatchObject({ isForced: true, forcedValue: true });
  });
});

describe("the vendor's own Web API example", () => {
  it("finds the very ids and addresses the vendor's documentation shows for 'Sorting by Weight'", () => {
    const engine = new TagEngine(scene('Sorting by Weight'));
    // GET /api/tags?name=*reset* in the vendor's example answers these four tags, in this order.
    expect(engine.listTags({ name: '*reset*' }).map((t) => [t.name, t.id, t.address, t.kind])).toEqual([
      ['FACTORY I/O (Reset)', '01936c60-0201-4d54-aad2-0734eb391d35', 498, 'Output'],
      ['FACTORY I/O (Reset)', '12d66936-6f23-4979-90ee-cb151204d00a', 498, 'Input'],
      ['Reset', '2e59772f-877b-4206-834b-67a4a6e6bdbb', 9, 'Input'],
      ['Reset light', '55a717c5-0bfc-4398-a3b0-f9855cad38e9', 15, 'Output'],
    ]);
  });
});

/**
 * The addresses a public library that drives the simulator through its SDK by address uses
 * (torayeff/pyfactoryio: scenes/*.py; docs/fidelity.md, "Addresses without a saved copy"):
 * [scene, name, kind, type, address].
 */
const PYFACTORYIO: readonly (readonly [string, string, string, string, number])[] = [
  ['Assembler', 'Lids conveyor', 'Output', 'Bit', 11],
  ['Assembler', 'Move X', 'Output', 'Bit', 1],
  ['Assembler', 'Move Z', 'Output', 'Bit', 0],
  ['Assembler', 'Grab', 'Output', 'Bit', 2],
  ['Assembler', 'Bases conveyor', 'Output', 'Bit', 13],
  ['Assembler', 'Clamp lid', 'Output', 'Bit', 19],
  ['Assembler', 'Pos. raise (lids)', 'Output', 'Bit', 18],
  ['Assembler', 'Clamp base', 'Output', 'Bit', 17],
  ['Assembler', 'Pos. raise (bases)', 'Output', 'Bit', 16],
  ['Assembler', 'Counter', 'Output', 'Int', 0],
  ['Assembler', 'Lid at place', 'Input', 'Bit', 8],
  ['Assembler', 'Base at place', 'Input', 'Bit', 0],
  ['Assembler', 'Part leaving', 'Input', 'Bit', 15],
  ['Assembler', 'Item detected', 'Input', 'Bit', 7],
  ['Assembler', 'Moving Z', 'Input', 'Bit', 1],
  ['Assembler', 'Moving X', 'Input', 'Bit', 6],
  ['Assembler', 'Lid clamped', 'Input', 'Bit', 13],
  ['Assembler', 'Pos. at limit (lids)', 'Input', 'Bit', 10],
  ['Assembler', 'Base clamped', 'Input', 'Bit', 12],
  ['Assembler', 'Pos. at limit (bases)', 'Input', 'Bit', 11],
  ['From A to B (Set and Reset)', 'Conveyor', 'Output', 'Bit', 0],
  ['From A to B (Set and Reset)', 'Sensor A', 'Input', 'Bit', 0],
  ['From A to B (Set and Reset)', 'Sensor B', 'Input', 'Bit', 1],
  ['From A to B', 'Conveyor', 'Output', 'Bit', 0],
  ['From A to B', 'Sensor', 'Input', 'Bit', 1],
  ['Filling Tank', 'Filling', 'Output', 'Bit', 0],
  ['Filling Tank', 'Discharging', 'Output', 'Bit', 2],
  ['Filling Tank', 'Fill valve', 'Output', 'Bit', 3],
  ['Filling Tank', 'Discharge valve', 'Output', 'Bit', 4],
  ['Filling Tank', 'Fill', 'Input', 'Bit', 0],
  ['Filling Tank', 'Discharge', 'Input', 'Bit', 1],
  ['Filling Tank', 'Timer', 'Output', 'Int', 0],
  ['Queue of Items', 'Buffer conveyor', 'Output', 'Bit', 0],
  ['Queue of Items', 'Entry conveyor', 'Output', 'Bit', 1],
  ['Queue of Items', 'At entry', 'Input', 'Bit', 0],
  ['Queue of Items', 'At exit', 'Input', 'Bit', 1],
  ['Queue of Items', 'Item ready', 'Input', 'Bit', 2],
];

describe("a public SDK library's addresses (pyfactoryio)", () => {
  it("agree with the saved copy of 'Assembler', and are the addresses of the scenes without one", () => {
    for (const [sceneName, name, kind, type, address] of PYFACTORYIO) {
      const tag = scene(sceneName).tags.find((t) => t.name === name && t.kind === kind && t.type === type);
      expect(tag?.address, `${sceneName} / ${name}`).toBe(address);
    }
  });
});

describe.each(BUILTIN_SCENE_NAMES)('built-in scene %s', (name) => {
  it('builds, and loads into an engine', () => {
    const s = scene(name);
    expect(s.name).toBe(name);
    expect(s.tags.length).toBeGreaterThan(SYSTEM_LAYOUT.length);
    expect(new TagEngine(s).tagCount).toBe(s.tags.length);
  });

  it('carries every system tag at its reserved address', () => {
    const s = scene(name);
    const rows = layout(s);
    for (const sys of SYSTEM_LAYOUT) expect(rows).toContainEqual(sys);
    expect(rows.slice(0, SYSTEM_LAYOUT.length)).toEqual(SYSTEM_LAYOUT);
  });

  it('has GUID-shaped, unique ids, identical across two builds', () => {
    const first = scene(name).tags.map((t) => t.id);
    const second = scene(name).tags.map((t) => t.id);
    for (const id of first) expect(id).toMatch(GUID);
    expect(new Set(first).size).toBe(first.length);
    expect(second).toEqual(first);
  });

  it('has unique addresses per (kind, type) space, user tags below the reserved range', () => {
    const s = scene(name);
    const seen = new Set<string>();
    for (const t of s.tags) {
      const key = `${t.kind} ${t.type} ${t.address}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(Number.isInteger(t.address)).toBe(true);
      expect(t.address).toBeGreaterThanOrEqual(0);
      expect(t.address).toBeLessThan(ADDRESS_SPACE_SIZE[t.type]);
    }
    const user = s.tags.slice(SYSTEM_LAYOUT.length);
    expect(user.some((t) => t.name.startsWith('FACTORY I/O'))).toBe(false);
    for (const t of user) expect(t.address, t.name).toBeLessThan(FIRST_RESERVED_ADDRESS[t.type]);
  });
});

describe('scene catalogue', () => {
  it('has distinct scene names and answers undefined for an unknown name', () => {
    expect(new Set(BUILTIN_SCENE_NAMES).size).toBe(BUILTIN_SCENE_NAMES.length);
    expect(builtinScene('No such scene')).toBeUndefined();
    expect(builtinScene(DEFAULT_SCENE_NAME.toLowerCase())).toBeUndefined();
  });

  it('reserves Bit 496-511 and Int/Float 240-255', () => {
    expect(ADDRESS_SPACE_SIZE).toEqual({ Bit: 512, Int: 256, Float: 256 });
    expect(FIRST_RESERVED_ADDRESS).toEqual({ Bit: 496, Int: 240, Float: 240 });
  });

  it("'Sorting by Weight' has 'Weight' both as an Int Output and a Float Input", () => {
    const weight = scene('Sorting by Weight').tags.filter((t) => t.name === 'Weight');
    expect(weight.map((t) => [t.kind, t.type]).sort()).toEqual([
      ['Input', 'Float'],
      ['Output', 'Int'],
    ]);
    expect(weight[0]!.id).not.toBe(weight[1]!.id);
    const engine = new TagEngine(scene('Sorting by Weight'));
    expect(engine.tagsNamed('Weight')).toHaveLength(2);
  });
});
