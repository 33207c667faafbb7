// docs/api.md, "Scenes, addresses and ids": the shipped scenes, their system tags, addresses and
// fixed ids.
import { describe, it, expect } from 'vitest';
import { FIRST_RESERVED_ADDRESS, ADDRESS_SPACE_SIZE } from '../../shared/core/address-space.js';
import type { SceneDefinition } from '../../shared/core/scene.js';
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

  it('has its 13 tags, then the 7 system tags at their reserved addresses', () => {
    const s = scene(DEFAULT_SCENE_NAME);
    expect(s.name).toBe(DEFAULT_SCENE_NAME);
    expect(layout(s)).toEqual([
      ['Conveyor entry', 'Output', 'Bit', 0],
      ['Load', 'Output', 'Bit', 1],
      ['Transf. right', 'Output', 'Bit', 2],
      ['Transf. left', 'Output', 'Bit', 3],
      ['Conveyor right', 'Output', 'Bit', 4],
      ['Conveyor left', 'Output', 'Bit', 5],
      ['Counter', 'Output', 'Int', 0],
      ['Pallet sensor', 'Input', 'Bit', 0],
      ['Low sensor', 'Input', 'Bit', 1],
      ['High sensor', 'Input', 'Bit', 2],
      ['Loaded', 'Input', 'Bit', 3],
      ['At right entry', 'Input', 'Bit', 4],
      ['At left entry', 'Input', 'Bit', 5],
      ...SYSTEM_LAYOUT,
    ]);
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
    expect(rows.slice(-SYSTEM_LAYOUT.length)).toEqual(SYSTEM_LAYOUT);
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
    const user = s.tags.slice(0, -SYSTEM_LAYOUT.length);
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
    expect(weight.map((t) => [t.kind, t.type])).toEqual([
      ['Output', 'Int'],
      ['Input', 'Float'],
    ]);
    expect(weight[0]!.id).not.toBe(weight[1]!.id);
    const engine = new TagEngine(scene('Sorting by Weight'));
    expect(engine.tagsNamed('Weight')).toHaveLength(2);
  });
});
