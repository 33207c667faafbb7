import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { TagDefinition } from '../../shared/core/tag-types.js';
import type { SceneDocument, ScenesState } from '../../shared/scenes/scene-document.js';
import type { ConnectionSource } from '../transport/connection.js';
import { Notifier } from './observable.js';

/**
 * The window's copy of the scenes side of the core: the built-in library, recent files and the
 * document being served (its definition, unsaved flag, undo and redo). Loaded when the connection
 * opens, then kept current by the `scenes` event the host sends after every open, edit, undo,
 * redo and save. Pure TypeScript: the components only read it.
 */
export class ScenesModel {
  readonly changes = new Notifier();
  private current: ScenesState | undefined;
  private byId = new Map<string, { tag: TagDefinition; index: number }>();
  private loading = 0;

  constructor(
    private readonly client: Pick<BridgeClient, 'getScenes' | 'on'>,
    private readonly link: ConnectionSource,
  ) {}

  get state(): ScenesState | undefined {
    return this.current;
  }

  get document(): SceneDocument | undefined {
    return this.current?.document;
  }

  get builtins(): readonly string[] {
    return this.current?.builtins ?? [];
  }

  get recent(): readonly string[] {
    return this.current?.recent ?? [];
  }

  /** A tag's definition (initial value, range, description...) in the served scene. */
  tag(id: string): TagDefinition | undefined {
    return this.byId.get(id)?.tag;
  }

  /** A tag's position in scene order, or -1. */
  indexOf(id: string): number {
    return this.byId.get(id)?.index ?? -1;
  }

  /** Subscribes to the core; returns the function that stops. */
  start(): () => void {
    const stops = [
      this.client.on('scenes', (state) => this.set(state)),
      this.link.onConnection((state) => {
        if (state.status === 'connected') void this.reload();
      }),
    ];
    if (this.link.connection.status === 'connected') void this.reload();
    return () => stops.forEach((stop) => stop());
  }

  /** Loads the scenes state. A newer load (or a pushed event) supersedes one still in flight. */
  async reload(): Promise<void> {
    const ticket = ++this.loading;
    try {
      const state = await this.client.getScenes(undefined);
      if (ticket === this.loading) this.set(state);
    } catch {
      // The tag model shows the connection's problems; the scene bar just waits for the next load.
    }
  }

  /** Takes a newer state (a `scenes` event); a load still in flight is then stale. */
  set(state: ScenesState): void {
    this.loading++;
    if (state.document.scene !== this.current?.document.scene) this.index(state.document.scene);
    this.current = state;
    this.changes.notify();
  }

  private index(scene: SceneDefinition): void {
    this.byId = new Map(scene.tags.map((tag, index) => [tag.id, { tag, index }]));
  }
}

/** The id of the first tag of `after` that `before` did not have: what an add or a duplicate made. */
export function addedTagId(before: SceneDefinition, after: SceneDefinition): string | undefined {
  const known = new Set(before.tags.map((t) => t.id));
  return after.tags.find((t) => !known.has(t.id))?.id;
}
