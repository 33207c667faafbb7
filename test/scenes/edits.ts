// Scene edits as the tests apply them: the edited scene, or the problems of a refused edit.
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { applySceneEdit, type SceneEdit } from '../../shared/scenes/scene-editor.js';

let counter = 0;
/** Ids for the tags an edit adds: new-1, new-2... */
export const newId = (): string => `new-${++counter}`;

/** Applies an edit that must be accepted. */
export function edit(scene: SceneDefinition, e: SceneEdit): SceneDefinition {
  const outcome = applySceneEdit(scene, e, newId);
  if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
  return outcome.scene;
}

/** Applies an edit that must be refused, and gives its problems. */
export function refused(scene: SceneDefinition, e: SceneEdit): string[] {
  const outcome = applySceneEdit(scene, e, newId);
  if (outcome.ok) throw new Error('the edit was accepted');
  return outcome.problems;
}
