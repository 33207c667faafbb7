import { bindCondition } from '../conditions/check-condition.js';
import type { BoundCondition, PlantCondition, PlantIndex } from '../conditions/condition-types.js';
import { TagIndex } from '../conditions/tag-refs.js';
import { ValidationError, type PlacedProblem } from '../problems/problem-list.js';
import type { Segment } from '../schema/shape-hints.js';
import { isConveyor } from '../sim/behaviour-types.js';
import { sceneBehaviours } from '../scenes/scene-plant.js';
import type { SceneWithBehaviours } from '../sim/scene-behaviours.js';
import type { BoundCriterion, BoundEvent, BoundExercise, Exercise } from './exercise-types.js';

/** The plant a scene runs, as a condition may name it: its conveyors and its items' labels. */
export function plantIndexOf(scene: SceneWithBehaviours): PlantIndex {
  const conveyors = sceneBehaviours(scene).behaviours.filter(isConveyor);
  const labels = new Set<string>();
  for (const c of conveyors) if (c.feeder) for (const label of c.feeder.items ?? ['item']) labels.add(label);
  return { conveyors: conveyors.map((c) => c.conveyor), labels: [...labels] };
}

/**
 * Binds an exercise to the scene it runs on: every criterion's conditions found in the scene's
 * tags and plant (conveyors, labels), every fault's tag and conditions in its tags. Returns the
 * bound exercise, or throws a ValidationError ("not a valid exercise for the scene ...") with
 * every problem in the scene's words: `criteria[0].reach.items.exit: no conveyor of this scene's plant is named ...`.
 */
export function bindExercise(exercise: Exercise, scene: SceneWithBehaviours, source?: string): BoundExercise {
  const tags = new TagIndex(scene.tags);
  const plant = plantIndexOf(scene);
  const problems: PlacedProblem[] = [];
  const bind = (condition: PlantCondition, path: string): BoundCondition | undefined => {
    const bound = bindCondition(condition, tags, plant);
    for (const p of bound.problems) problems.push({ path: joinPath(path, p.at), message: p.message });
    return bound.bound;
  };
  const hidden = new Map(exercise.faults.faults.map((f) => [f.name, f.fault.hidden === true]));
  for (const fault of exercise.faults.faults) {
    if (tags.named(fault.fault.tag).length === 0)
      problems.push({
        path: `${fault.path}.fault.tag`,
        message: `no tag is named '${fault.fault.tag}' in this scene`,
      });
    for (const key of ['when', 'clearWhen'] as const) {
      const condition = fault[key];
      if (condition !== undefined) bind(condition, `${fault.path}.${key}`);
    }
  }
  const criteria: BoundCriterion[] = [];
  for (const c of exercise.criteria) {
    const conditionKey = c.kind === 'react' ? 'expect' : c.kind;
    const condition = bind(c.condition, `${c.path}.${conditionKey}`);
    let after: BoundEvent | undefined;
    if (c.kind === 'react') {
      if ('fault' in c.after) after = { fault: c.after.fault, hidden: hidden.get(c.after.fault) === true };
      else {
        const when = bind(c.after.when, `${c.path}.after`);
        after = when && { when };
      }
    }
    if (!condition) continue;
    const base = { name: c.name, points: c.points, path: c.path, condition };
    if (c.kind === 'reach') criteria.push({ ...base, kind: 'reach', byMs: c.byMs });
    else if (c.kind === 'react') {
      if (after) criteria.push({ ...base, kind: 'react', after, withinMs: c.withinMs });
    } else criteria.push({ ...base, kind: c.kind });
  }
  if (problems.length > 0)
    throw new ValidationError(problems, source, `exercise for the scene "${scene.name}"`);
  return {
    ...exercise,
    criteria,
    totalPoints: criteria.reduce((sum, c) => sum + c.points, 0),
    plant,
  };
}

/** `criteria[0].reach` and `['items', 'exit']` make `criteria[0].reach.items.exit`. */
function joinPath(prefix: string, at: readonly Segment[]): string {
  return at.reduce<string>((path, s) => (typeof s === 'number' ? `${path}[${s}]` : `${path}.${s}`), prefix);
}
