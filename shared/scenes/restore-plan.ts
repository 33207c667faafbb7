import { isSystemTag } from '../core/system-tags.js';
import type { SceneDefinition } from './scene-definition.js';
import type { TagRuntimeState } from '../core/tag-engine.js';
import type { RuntimeSnapshot } from './runtime-snapshot.js';
import { andMore, ValidationError } from '../problems/problem-list.js';

/**
 * Matches a snapshot to the scene being served: the states to hand to `TagEngine.restoreStates`
 * and notes on what does not match. Throws when no tag of the snapshot is in the scene (a state
 * saved from another scene), so that a wrong file never wipes the current state.
 */
export function planRestore(
  snapshot: RuntimeSnapshot,
  scene: SceneDefinition,
  source?: string,
): { states: Map<string, TagRuntimeState>; notes: string[] } {
  const byId = new Map(scene.tags.map((t) => [t.id, t]));
  const states = new Map<string, TagRuntimeState>();
  const notes: string[] = [];
  const absent: string[] = [];
  // The simulator's system Outputs have the same ids in every scene: they alone do not make a
  // snapshot one of this scene's.
  let sceneTagsMatched = 0;
  for (const t of snapshot.tags) {
    const tag = byId.get(t.id);
    if (!tag) {
      absent.push(`'${t.name}'`);
      continue;
    }
    if (!isSystemTag(tag)) sceneTagsMatched++;
    if (tag.type !== t.type) {
      notes.push(`'${tag.name}' is ${tag.type} now, ${t.type} in the snapshot: it starts over`);
      continue;
    }
    states.set(t.id, { raw: t.raw, isForced: t.forced, forcedValue: t.forcedValue, failure: t.failure });
  }
  // A snapshot with none of the scene's own tags (even one with no tags, or only the system
  // tags every scene has) would only start every tag over: refused, so nothing is lost by mistake.
  if (sceneTagsMatched === 0 && scene.tags.some((t) => !isSystemTag(t))) {
    const message =
      snapshot.scene === scene.name
        ? `it holds none of the tags of the scene '${scene.name}'`
        : `none of its tags is in the scene '${scene.name}' (it was saved from '${snapshot.scene}'); open that scene first`;
    throw new ValidationError([{ path: 'tags', message }], source, 'state snapshot for this scene');
  }
  if (absent.length > 0)
    notes.push(`${count(absent.length)} of the snapshot not in this scene: ${list(absent)}`);
  const saved = new Set(snapshot.tags.map((t) => t.id));
  const unsaved = scene.tags.filter((t) => !saved.has(t.id)).map((t) => `'${t.name}'`);
  if (unsaved.length > 0)
    notes.push(
      `${count(unsaved.length)} of the scene not in the snapshot ${unsaved.length === 1 ? 'starts' : 'start'} over: ${list(unsaved)}`,
    );
  return { states, notes };
}

function count(n: number): string {
  return n === 1 ? '1 tag' : `${n} tags`;
}

function list(names: readonly string[]): string {
  return names.length <= 5
    ? names.join(', ')
    : `${names.slice(0, 5).join(', ')} ${andMore(names.length - 5)}`;
}
