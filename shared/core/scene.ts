import type { TagDefinition } from './tag-types.js';

/** A scene: a named, ordered set of tags. Listing order is scene order. */
export interface SceneDefinition {
  readonly name: string;
  readonly description?: string;
  readonly tags: readonly TagDefinition[];
}
