import { AddressAllocator } from '../core/address-space.js';
import type { SceneDefinition } from '../core/scene.js';
import { SYSTEM_TAGS } from '../core/system-tags.js';
import type { TagDefinition, TagKind, TagType } from '../core/tag-types.js';
import { uuidV5 } from '../core/uuid-v5.js';
import { builtinBehaviours } from '../sim/builtin-behaviours.js';
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
 * Builds a scene from its reference rows: the scene's own tags in table order, addresses handed
 * out per (kind, type) space from 0, then the system tags at their reserved addresses.
 */
export function buildReferenceScene(ref: ReferenceScene): SceneDefinition {
  const addresses = new AddressAllocator();
  const tags: TagDefinition[] = ref.tags.map(([name, type, kind]) => ({
    id: builtinTagId(ref.name, kind, type, name),
    name,
    kind,
    type,
    address: addresses.allocate(kind, type),
  }));
  for (const sys of SYSTEM_TAGS) {
    const initial = sys.name === 'FACTORY I/O (Time Scale)' ? { initial: 1 } : {};
    tags.push({ id: builtinTagId(ref.name, sys.kind, sys.type, sys.name), ...sys, ...initial });
  }
  return { name: ref.name, tags };
}

/** Names of the built-in scenes, in the simulator's catalogue order. */
export const BUILTIN_SCENE_NAMES: readonly string[] = REFERENCE_SCENES.map((s) => s.name);

/**
 * The built-in scene with this exact name, or `undefined`; with its plant (builtinBehaviours) when
 * it has one, so a scene exported from a built-in holds its behaviours.
 */
export function builtinScene(name: string): SceneDefinition | undefined {
  const ref = REFERENCE_SCENES.find((s) => s.name === name);
  if (!ref) return undefined;
  const behaviours = builtinBehaviours(ref.name);
  return { ...buildReferenceScene(ref), ...(behaviours.length > 0 ? { behaviours } : {}) };
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
