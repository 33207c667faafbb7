import { AddressAllocator } from '../core/address-space.js';
import type { SceneDefinition } from './scene-definition.js';
import { SYSTEM_TAGS, type SystemTagSpec } from '../core/system-tags.js';
import type { TagDefinition, TagKind, TagType } from '../core/tag-types.js';
import { uuidV5 } from '../core/uuid-v5.js';
import { builtinPlant } from './builtin/builtin-plants.js';
import type { ReferenceScene } from './reference-scene.js';
import { REFERENCE_SCENES } from './reference-scenes.generated.js';

/** Namespace of TagSim's name-based tag ids (a fixed, random UUID). */
export const TAGSIM_ID_NAMESPACE = '6f1c1c52-3b8e-4f57-9a63-0b7f1d2a6e4c';

/** The scene TagSim opens when none is named. */
export const DEFAULT_SCENE_NAME = 'Sorting by Height (Basic)';

/** The fixed GUID-form id of a tag of a built-in scene: UUID v5 of scene, kind, type and name. */
export function builtinTagId(scene: string, kind: TagKind, type: TagType, name: string): string {
  return uuidV5(TAGSIM_ID_NAMESPACE, [scene, kind, type, name].join('\n'));
}

/**
 * Builds a scene from its reference rows: the system tags first, as the simulator lists them, then
 * the scene's own tags in table order. A tag without an id or address from the simulator's own
 * scene gets a name-based id and the next address of its (kind, type) space (a scene's tags
 * either all come from its saved copy or all from the vendor's samples; in the second case a
 * public program may give all their addresses, scripts/data/factoryio-scene-addresses.tsv).
 */
export function buildReferenceScene(ref: ReferenceScene): SceneDefinition {
  const addresses = new AddressAllocator();
  const own: TagDefinition[] = ref.tags.map((t) => ({
    id: t.id ?? builtinTagId(ref.name, t.kind, t.type, t.name),
    name: t.name,
    kind: t.kind,
    type: t.type,
    address: t.address ?? addresses.allocate(t.kind, t.type),
    ...(t.initial !== undefined ? { initial: t.initial } : {}),
    ...(t.forced !== undefined ? { forced: true, forcedValue: t.forced } : {}),
  }));
  const system: TagDefinition[] = SYSTEM_TAGS.map((sys) => ({
    id: ref.systemIds?.[`${sys.kind} ${sys.name}`] ?? systemTagId(ref.name, sys),
    ...sys,
    ...(sys.name === 'FACTORY I/O (Time Scale)' ? { initial: 1 } : {}),
  }));
  return { name: ref.name, tags: [...system, ...own] };
}

/**
 * The id of a system tag where no saved scene gives it: an Output's is the same in every scene of
 * the simulator (every public scene file agrees), an Input's is the scene's own.
 */
function systemTagId(scene: string, sys: SystemTagSpec): string {
  const shared = sys.kind === 'Output' ? SYSTEM_OUTPUT_IDS[sys.name] : undefined;
  return shared ?? builtinTagId(scene, sys.kind, sys.type, sys.name);
}

/** The ids of the system Outputs, the same in every scene of the simulator (every public scene file agrees). */
export const SYSTEM_OUTPUT_IDS: Readonly<Record<string, string>> = {
  'FACTORY I/O (Run)': '7754fab1-ed21-4fca-9ab9-45e844cd4766',
  'FACTORY I/O (Pause)': '41b90af6-25d1-4fa8-aaec-724f79701be1',
  'FACTORY I/O (Reset)': '01936c60-0201-4d54-aad2-0734eb391d35',
};

/**
 * What the built-in scene of this name says of the n-th tag (from 1) of this kind, type and name:
 * its id, value at rest and force. An import under a built-in scene's name (a driver CSV, which carries
 * no ids) so gets the very tags the built-in has; any other tag gets a name-based id.
 */
export function builtinTagDefaults(
  scene: string,
): (
  kind: TagKind,
  type: TagType,
  name: string,
  n: number,
) => Pick<TagDefinition, 'id' | 'initial' | SceneStartField> {
  const built = builtinScene(scene);
  const byKey = new Map<string, TagDefinition[]>();
  for (const t of built?.tags ?? []) {
    const key = `${t.kind}\n${t.type}\n${t.name}`;
    byKey.set(key, [...(byKey.get(key) ?? []), t]);
  }
  return (kind, type, name, n) => {
    const found = byKey.get(`${kind}\n${type}\n${name}`)?.[n - 1];
    if (found)
      return {
        id: found.id,
        ...(found.initial !== undefined ? { initial: found.initial } : {}),
        ...sceneStart(found),
      };
    return { id: builtinTagId(scene, kind, type, n === 1 ? name : `${name}\n${n}`) };
  };
}

/** The fields of a tag's definition that say the state it starts in (a saved scene's force and failure). */
export type SceneStartField = 'forced' | 'forcedValue' | 'failure';

/** A tag's start-state fields, those it has. */
export function sceneStart(def: Pick<TagDefinition, SceneStartField>): Pick<TagDefinition, SceneStartField> {
  return {
    ...(def.forced !== undefined ? { forced: def.forced } : {}),
    ...(def.forcedValue !== undefined ? { forcedValue: def.forcedValue } : {}),
    ...(def.failure !== undefined ? { failure: def.failure } : {}),
  };
}

/** Names of the built-in scenes, in the simulator's catalogue order. */
export const BUILTIN_SCENE_NAMES: readonly string[] = REFERENCE_SCENES.map((s) => s.name);

/**
 * The built-in scene with this exact name, or `undefined`: its reference tags and its plant's two
 * fields (builtinPlant), `behaviours` and `layout`, so it is exactly the scene file the product
 * ships, and a scene exported from it is the whole scene.
 */
export function builtinScene(name: string): SceneDefinition | undefined {
  const ref = REFERENCE_SCENES.find((s) => s.name === name);
  if (!ref) return undefined;
  const plant = builtinPlant(ref.name);
  return {
    ...buildReferenceScene(ref),
    ...(plant && plant.behaviours.length > 0 ? { behaviours: plant.behaviours } : {}),
    ...(plant ? { layout: plant.layout } : {}),
  };
}

/** A scene of the given size for benchmarks and stress tests: Inputs and Outputs of every type. */
export function syntheticScene(tagCount: number, name = `Synthetic (${tagCount} tags)`): SceneDefinition {
  const types: readonly TagType[] = ['Bit', 'Int', 'Float'];
  const tags: TagDefinition[] = [];
  for (let i = 0; i < tagCount; i++) {
    const kind: TagKind = i % 2 === 0 ? 'Output' : 'Input';
    const type = types[Math.floor(i / 2) % 3]!;
    const tagName = `Tag ${i}`;
    // Synthetic scenes outgrow the simulator's address spaces on purpose; addresses just count.
    tags.push({ id: builtinTagId(name, kind, type, tagName), name: tagName, kind, type, address: i });
  }
  return { name, tags };
}
