import type { SceneInfo, TagsEvent, UiTag } from '../../shared/bridge/bridge-spec.js';
import type { ApiTag } from '../../shared/core/tag-types.js';

/**
 * A tag as the window receives it. `raw` (the value under any force or failure) is carried by the
 * bridge; it is optional here so that a host which does not send it yet still draws ('—').
 */
export type ViewTag = ApiTag & Partial<Pick<UiTag, 'raw' | 'sceneForced'>>;

export function isFailed(tag: ApiTag): boolean {
  return tag.openCircuit || tag.shortCircuit;
}

/**
 * A tag is faulted when it is forced or has a failure: what the bulk actions undo. A force its
 * scene keeps (an emitter forced on) is the scene, which Release forces puts back: no fault.
 */
export function isFaulted(tag: ViewTag): boolean {
  return isForcedFault(tag) || isFailed(tag);
}

function isForcedFault(tag: ViewTag): boolean {
  return tag.isForced && tag.sceneForced !== true;
}

/**
 * The window's copy of the scene's tags: filled from `getState`, kept current by `tags` events.
 * Tag objects are replaced, never mutated, so a row can compare identities to know it changed.
 * Counts of forced and failed tags are maintained on every update, in O(changed tags).
 */
export class TagStore {
  private byId = new Map<string, ViewTag>();
  private sceneOrder: string[] = [];
  private indexById = new Map<string, number>();
  private forced = 0;
  private failed = 0;
  private currentScene: SceneInfo | undefined;
  /** Changes whenever the set of tags (not their values) changes: a new scene or a reload. */
  structureVersion = 0;
  /** Changes on every update. */
  version = 0;

  get scene(): SceneInfo | undefined {
    return this.currentScene;
  }

  get size(): number {
    return this.sceneOrder.length;
  }

  get forcedCount(): number {
    return this.forced;
  }

  get failedCount(): number {
    return this.failed;
  }

  get(id: string): ViewTag | undefined {
    return this.byId.get(id);
  }

  /** Position of a tag in scene order (the API's listing order). */
  sceneIndex(id: string): number {
    return this.indexById.get(id) ?? -1;
  }

  /** Ids in scene order. */
  ids(): readonly string[] {
    return this.sceneOrder;
  }

  /** Every tag in scene order. */
  all(): ViewTag[] {
    return this.sceneOrder.flatMap((id) => this.byId.get(id) ?? []);
  }

  /** Replaces everything: the answer of `getState`, or a `tags` event with `sceneChanged`. */
  reset(scene: SceneInfo, tags: readonly ViewTag[]): void {
    this.currentScene = scene;
    this.byId = new Map();
    this.indexById = new Map();
    this.sceneOrder = [];
    this.forced = 0;
    this.failed = 0;
    for (const tag of tags) {
      if (this.byId.has(tag.id)) continue;
      this.indexById.set(tag.id, this.sceneOrder.length);
      this.sceneOrder.push(tag.id);
      this.byId.set(tag.id, tag);
      this.count(tag, 1);
    }
    this.structureVersion++;
    this.version++;
  }

  /**
   * Applies a `tags` event. Returns false when the event was ignored: a partial update that
   * arrives before the first full state has nothing to apply to (getState will bring it all).
   */
  apply(event: TagsEvent | { sceneChanged: boolean; scene: SceneInfo; tags: readonly ViewTag[] }): boolean {
    if (event.sceneChanged) {
      this.reset(event.scene, event.tags);
      return true;
    }
    if (this.currentScene === undefined) return false;
    this.currentScene = event.scene;
    for (const tag of event.tags) {
      const old = this.byId.get(tag.id);
      if (old === undefined) continue; // not of this scene: a full update will follow
      this.count(old, -1);
      this.count(tag, 1);
      this.byId.set(tag.id, tag);
    }
    this.version++;
    return true;
  }

  private count(tag: ViewTag, delta: 1 | -1): void {
    if (isForcedFault(tag)) this.forced += delta;
    if (isFailed(tag)) this.failed += delta;
  }
}
