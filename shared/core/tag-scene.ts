import type { TagDefinition } from './tag-types.js';

/**
 * A scene as the tag engine knows it: a named, ordered set of tags (listing order is scene
 * order). A whole scene (shared/scenes/scene-definition.ts) adds the plant that moves the tags;
 * the engine holds it as it was given, and the folders above read what they know of it.
 */
export interface TagScene {
  readonly name: string;
  readonly description?: string;
  readonly tags: readonly TagDefinition[];
}
