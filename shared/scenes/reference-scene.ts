import type { TagKind, TagType } from '../core/tag-types.js';

/** One scene of the simulator as the reference table lists it: tag name, type and kind. */
export interface ReferenceScene {
  readonly name: string;
  readonly tags: readonly (readonly [name: string, type: TagType, kind: TagKind])[];
}
