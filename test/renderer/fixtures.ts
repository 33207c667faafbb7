import type { SceneInfo, UiTag } from '../../shared/bridge/bridge-spec.js';
import type { TagKind, TagType } from '../../shared/core/tag-types.js';

/** A tag as the bridge sends it, with every field defaulted. */
export function tag(name: string, over: Partial<UiTag> = {}): UiTag {
  const type: TagType = over.type ?? 'Bit';
  const off = type === 'Bit' ? false : 0;
  return {
    name,
    id: over.id ?? `id-${name}-${over.kind ?? 'Input'}`,
    address: 0,
    type,
    kind: 'Input' as TagKind,
    value: off,
    raw: off,
    openCircuit: false,
    shortCircuit: false,
    isForced: false,
    forcedValue: off,
    ...over,
  };
}

export const SCENE: SceneInfo = { name: 'Test scene', tagCount: 0 };
