import { CONDITION_NESTING, nestingProblem, type NestingRules } from '../conditions/condition-schema.js';
import { TagIndex } from '../conditions/tag-refs.js';
import type { TagDefinition } from '../core/tag-types.js';
import { isRecord, kindOf } from '../problems/json-words.js';
import { formatProblem, type PlacedProblem } from '../problems/problem-list.js';
import { shapeProblems } from '../schema/shape-check.js';
import type { Segment } from '../schema/shape-hints.js';
import { placeProblems, type Problem } from '../schema/shape-paths.js';
import { type AcrossBehaviours, BehaviourChecks, type Write } from './behaviour-checks.js';
import { MAX_BEHAVIOURS } from './behaviour-fields.js';
import type { Behaviour } from './behaviour-types.js';
import { BEHAVIOUR_SHAPE } from './behaviours-schema.js';

/**
 * Checks the `behaviours` array of a scene file against the scene's tags. Returns every problem
 * with its place (`behaviours[2].then[0].set: ...`) and the behaviours that have none, so a caller
 * that refuses a file with problems (as the scene file does) loads all or nothing.
 *
 * Each behaviour's shape is checked against its schema (behaviours-schema.ts); what a schema
 * cannot say is checked by BehaviourChecks, and what spans behaviours here.
 */
export function validateBehaviours(
  json: unknown,
  tags: readonly TagDefinition[],
): { behaviours: Behaviour[]; problems: PlacedProblem[] } {
  if (!Array.isArray(json)) {
    return {
      behaviours: [],
      problems: [{ path: 'behaviours', message: `must be an array of behaviours; got ${kindOf(json)}` }],
    };
  }
  if (json.length > MAX_BEHAVIOURS) {
    const message = `has ${json.length} behaviours; a scene holds at most ${MAX_BEHAVIOURS}`;
    return { behaviours: [], problems: [{ path: 'behaviours', message }] };
  }
  const index = new TagIndex(tags);
  const across: AcrossBehaviours = { writes: new Map(), conveyors: new Map(), cranes: new Map(), exits: [] };
  const problems: PlacedProblem[] = [];
  const bad = new Set<number>();
  json.forEach((raw, i) => {
    const deep = nesting(raw);
    const found = deep
      ? [deep]
      : [...shapeProblems(BEHAVIOUR_SHAPE, raw), ...new BehaviourChecks(raw, i, index, across).run()];
    if (found.length > 0) bad.add(i);
    problems.push(...placeProblems(BEHAVIOUR_SHAPE, raw, `behaviours[${i}]`, found));
  });
  for (const problem of acrossProblems(across)) {
    bad.add(problem.at);
    problems.push({ path: problem.path, message: problem.message });
  }
  const behaviours = json.filter((_, i) => !bad.has(i)) as Behaviour[];
  return { behaviours, problems };
}

/** Conditions nest, and so do the expressions that hold them. */
const BEHAVIOUR_NESTING: NestingRules = {
  ...CONDITION_NESTING,
  expressions: { sum: 'expressions', if: 'conditions', then: 'expressions', else: 'expressions' },
};

/** The first place where a behaviour's conditions or expressions nest too deep. */
function nesting(raw: unknown): Problem | undefined {
  if (!isRecord(raw)) return undefined;
  const feeder = isRecord(raw['feeder']) ? raw['feeder'] : {};
  const exits = Array.isArray(raw['exits']) ? raw['exits'] : [];
  const roots: [unknown, Segment[], string][] = [
    [raw['when'], ['when'], 'conditions'],
    [raw['runs'], ['runs'], 'conditions'],
    [feeder['when'], ['feeder', 'when'], 'conditions'],
    ...exits.map((e, j): [unknown, Segment[], string] => [
      isRecord(e) ? e['when'] : undefined,
      ['exits', j, 'when'],
      'conditions',
    ]),
    ...['speed', 'around', 'target', 'rate'].map((k): [unknown, Segment[], string] => [
      raw[k],
      [k],
      'expressions',
    ]),
  ];
  for (const [value, at, what] of roots) {
    const found = nestingProblem(value, what, 0, BEHAVIOUR_NESTING);
    if (found) return { at: [...at, ...found.at], message: found.message };
  }
  return undefined;
}

/** Problems that span behaviours: tags driven twice, exits to unknown conveyors. */
function acrossProblems({
  writes,
  conveyors,
  exits,
}: AcrossBehaviours): { at: number; path: string; message: string }[] {
  const problems: { at: number; path: string; message: string }[] = [];
  for (const exit of exits) {
    if (exit.to === exit.from) {
      problems.push({
        ...exit,
        message: `an exit leads to another conveyor, not back to '${exit.to}' itself`,
      });
    } else if (!conveyors.has(exit.to)) {
      const known = [...conveyors.keys()].map((n) => `'${n}'`).join(', ');
      problems.push({
        ...exit,
        message: `no conveyor is named '${exit.to}' (conveyors: ${known || 'none'})`,
      });
    }
  }
  for (const { tag, writes: all } of writes.values()) {
    const first = all.find((w) => w.by !== 'rule');
    if (!first) continue;
    for (const w of all) {
      if (w === first) continue;
      const what =
        first.by === 'generator'
          ? 'a generator'
          : first.by === 'crane'
            ? 'a stacker crane'
            : 'a conveyor sensor';
      const everyStep = (by: Write['by']) => by === 'generator' || by === 'crane';
      let message: string | undefined;
      if (w.by === 'rule' || everyStep(first.by) || everyStep(w.by)) {
        message = `'${tag.name}' is already driven by ${what} (behaviours[${first.at}]), which sets it every step; remove one of the two`;
      } else if (first.reads === true || w.reads === true) {
        message = `'${tag.name}' is also a sensor of behaviours[${first.at}]; a sensor with reads drives its tag alone, so remove one of the two`;
      } else if (w.normallyClosed !== first.normallyClosed) {
        message = `'${tag.name}' is also a sensor of behaviours[${first.at}] with normallyClosed ${String(first.normallyClosed)}; the sensors of one tag must agree`;
      }
      if (message) problems.push({ at: w.at, path: w.path, message });
    }
  }
  return problems;
}

/** Behaviours that do not fit the scene they were given with; carries every problem. */
export class BehaviourError extends Error {
  constructor(readonly problems: readonly PlacedProblem[]) {
    super(`The behaviours do not fit the scene:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    this.name = 'BehaviourError';
  }
}

/** The behaviours, when they all fit these tags; else a BehaviourError with every problem. */
export function strictBehaviours(
  behaviours: readonly Behaviour[],
  tags: readonly TagDefinition[],
): readonly Behaviour[] {
  const { problems } = validateBehaviours(behaviours, tags);
  if (problems.length > 0) throw new BehaviourError(problems);
  return behaviours;
}
