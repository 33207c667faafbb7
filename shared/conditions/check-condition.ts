import { convertTo } from '../core/convert.js';
import type { TagValue } from '../core/tag-types.js';
import { show } from '../problems/json-words.js';
import { fits, shapeProblems } from '../schema/shape-check.js';
import type { Segment } from '../schema/shape-hints.js';
import type { Problem } from '../schema/shape-paths.js';
import { COMPARISONS, CONDITION_SHAPE, conditionKey, nestingProblem } from './condition-schema.js';
import type { BoundCondition, BoundTag, Condition, PlantCondition, PlantIndex } from './condition-types.js';
import { bindPlantPart, itemQueryProblem } from './bind-plant.js';
import { PLANT_CONDITION_SHAPE } from './plant-condition-schema.js';
import { aType, findTag, type TagIndex } from './tag-refs.js';

/**
 * What a place that holds conditions does not allow, with the words that say why: an `expect`
 * checks one moment, so it takes neither edges nor `forMs`.
 */
export interface ConditionLimits {
  readonly edge?: (key: 'rising' | 'falling') => string;
  readonly forMs?: string;
}

/**
 * Checks a condition on its own (nesting, shape, and what its schema cannot say), before any
 * scene is known. Returns the condition when it has no problem.
 */
export function checkCondition(
  raw: unknown,
  limits: ConditionLimits = {},
): { condition: Condition | undefined; problems: Problem[] } {
  const deep = nestingProblem(raw);
  if (deep) return { condition: undefined, problems: [deep] };
  const problems = shapeProblems(CONDITION_SHAPE, raw);
  if (problems.length === 0) problems.push(...conditionProblems(raw as Condition, limits));
  return { condition: problems.length === 0 ? (raw as Condition) : undefined, problems };
}

/** As checkCondition, for a condition that may also read the plant (`items`, `conveyor`). */
export function checkPlantCondition(
  raw: unknown,
  limits: ConditionLimits = {},
): { condition: PlantCondition | undefined; problems: Problem[] } {
  const deep = nestingProblem(raw);
  if (deep) return { condition: undefined, problems: [deep] };
  const problems = shapeProblems(PLANT_CONDITION_SHAPE, raw);
  if (problems.length === 0) problems.push(...conditionProblems(raw as PlantCondition, limits));
  return { condition: problems.length === 0 ? (raw as PlantCondition) : undefined, problems };
}

/** Whether a value has the shape of a condition (its nesting already bounded). */
export function isCondition(raw: unknown): raw is Condition {
  return fits(CONDITION_SHAPE, raw);
}

/**
 * The problems of a well-shaped condition that its schema cannot say: a comparison that compares
 * nothing, and what `limits` does not allow.
 */
export function conditionProblems(c: Condition | PlantCondition, limits: ConditionLimits = {}): Problem[] {
  const problems: Problem[] = [];
  const visit = (x: PlantCondition, at: Segment[]) => {
    if (limits.forMs && 'forMs' in x) problems.push({ at: [...at, 'forMs'], message: limits.forMs });
    const key = conditionKey(x);
    if (('tag' in x || 'items' in x) && !COMPARISONS.some((op) => op in x)) {
      const what = 'tag' in x ? 'the tag' : 'the count';
      problems.push({
        at,
        message: `compares ${what} with nothing; add one of ${COMPARISONS.join(', ')} (e.g. "equals": ${'tag' in x ? 'true' : '0'})`,
      });
    } else if ('items' in x) {
      const problem = itemQueryProblem(x.items);
      if (problem) problems.push({ at: [...at, 'items'], message: problem });
    } else if ((key === 'rising' || key === 'falling') && limits.edge) {
      problems.push({ at, message: limits.edge(key) });
    } else if ('all' in x) x.all.forEach((p, i) => visit(p, [...at, 'all', i]));
    else if ('any' in x) x.any.forEach((p, i) => visit(p, [...at, 'any', i]));
    else if ('not' in x) visit(x.not, [...at, 'not']);
  };
  visit(c, []);
  return problems;
}

/**
 * Finds a condition's tags in a scene and converts its values to their types: an edge needs a
 * Bit, gt/ge/lt/le a number, equals a value the tag's type holds. Returns the bound condition
 * when it has no problem.
 */
export function bindCondition(
  c: Condition | PlantCondition,
  tags: TagIndex,
  /** The plant's conveyors and labels, where the condition may read the plant. */
  plant?: PlantIndex,
): { bound: BoundCondition | undefined; problems: Problem[] } {
  const problems: Problem[] = [];
  const report = (at: Segment[], message: string) => void problems.push({ at, message });
  const tagAt = (ref: Parameters<typeof findTag>[0], at: Segment[]): BoundTag | undefined => {
    const found = findTag(ref, tags);
    if (found.ok) return { def: found.tag, label: tags.label(found.tag) };
    report(at, found.message);
    return undefined;
  };
  const bind = (x: PlantCondition, at: Segment[]): BoundCondition | undefined => {
    const forMs = 'forMs' in x ? (x.forMs ?? 0) : 0;
    if ('always' in x) return { type: 'always' };
    if ('items' in x || 'conveyor' in x) return bindPlantPart(x, at, plant, report);
    if ('rising' in x || 'falling' in x) {
      const key = 'rising' in x ? 'rising' : 'falling';
      const tag = tagAt('rising' in x ? x.rising : x.falling, [...at, key]);
      if (tag && tag.def.type !== 'Bit') {
        const what = aType(tag.def.type);
        report(
          [...at, key],
          `${key} applies to Bit tags; '${tag.def.name}' is ${what}: compare it with gt or lt`,
        );
        return undefined;
      }
      return tag && { type: 'edge', tag, rising: key === 'rising' };
    }
    if ('all' in x || 'any' in x) {
      const type = 'all' in x ? 'all' : 'any';
      const parts = ('all' in x ? x.all : x.any).map((p, i) => bind(p, [...at, type, i]));
      return parts.every((p) => p !== undefined)
        ? { type, parts: parts as BoundCondition[], forMs }
        : undefined;
    }
    if ('not' in x) {
      const inner = bind(x.not, [...at, 'not']);
      return inner && { type: 'not', inner, forMs };
    }
    const tag = tagAt(x.tag, [...at, 'tag']);
    if (!tag) return undefined;
    const before = problems.length;
    const converted = (op: 'equals' | 'notEquals'): TagValue | undefined => {
      if (x[op] === undefined) return undefined;
      const value = convertTo(tag.def.type, x[op]);
      if (value === undefined) {
        report([...at, op], `${show(x[op])} is not a valid ${tag.def.type} value for '${tag.def.name}'`);
      }
      return value;
    };
    const equals = converted('equals');
    const notEquals = converted('notEquals');
    for (const op of ['gt', 'ge', 'lt', 'le'] as const) {
      if (x[op] !== undefined && tag.def.type === 'Bit') {
        report([...at, op], `${op} compares numbers; '${tag.def.name}' is a Bit: use equals true or false`);
      }
    }
    if (problems.length !== before) return undefined;
    return { type: 'compare', tag, equals, notEquals, gt: x.gt, ge: x.ge, lt: x.lt, le: x.le, forMs };
  };
  const bound = bind(c, []);
  return { bound: problems.length === 0 ? bound : undefined, problems };
}
