import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { andMore } from '../../shared/problems/problem-list.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';

/** Parts listed by name at start-up before the rest are counted. */
const MAX_LISTED = 20;

/**
 * `serve`'s start-up lines on the parts of the scene's drawing that nothing moves (a saved scene's
 * machines the generic plant cannot model): each with its tags, which are the user's to set.
 */
export function unsimulatedLines(scene: SceneDefinition): string[] {
  const still = layoutScene(scene).parts.filter((p) => !p.simulated);
  if (still.length === 0) return [];
  const listed = still.slice(0, MAX_LISTED).map((p) => {
    const names = p.tags.map((t) => t.tag.name);
    return `  ${p.label}${names.length > 0 ? `: ${names.join(', ')}` : ''}`;
  });
  const left = still.length - listed.length;
  return [
    `Not simulated (${still.length === 1 ? 'its tags are' : 'their tags are'} yours to set): ${still.length} ${still.length === 1 ? 'part' : 'parts'}`,
    ...listed,
    ...(left > 0 ? [`  … ${andMore(left, 'part')}`] : []),
  ];
}
