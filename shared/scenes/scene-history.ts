import type { SceneDefinition } from './scene-definition.js';

const MAX_UNDO = 200;

/**
 * Undo and redo over whole scenes (they are small and immutable, so a stack of them is simpler
 * and safer than inverse edits), and whether the scene differs from what was last saved.
 */
export class SceneHistory {
  private past: SceneDefinition[] = [];
  private future: SceneDefinition[] = [];
  private saved: SceneDefinition | undefined;

  constructor(
    private current: SceneDefinition,
    savedAlready: boolean,
  ) {
    this.saved = savedAlready ? current : undefined;
  }

  get scene(): SceneDefinition {
    return this.current;
  }
  get canUndo(): boolean {
    return this.past.length > 0;
  }
  get canRedo(): boolean {
    return this.future.length > 0;
  }
  /** True when the scene has changes that no file holds yet. */
  get dirty(): boolean {
    return this.current !== this.saved;
  }

  push(next: SceneDefinition): void {
    this.past.push(this.current);
    if (this.past.length > MAX_UNDO) this.past.shift();
    this.future = [];
    this.current = next;
  }

  undo(): SceneDefinition | undefined {
    const previous = this.past.pop();
    if (!previous) return undefined;
    this.future.push(this.current);
    this.current = previous;
    return previous;
  }

  redo(): SceneDefinition | undefined {
    const next = this.future.pop();
    if (!next) return undefined;
    this.past.push(this.current);
    this.current = next;
    return next;
  }

  markSaved(): void {
    this.saved = this.current;
  }
}
