import { conditionProblems } from '../conditions/check-condition.js';
import { nestingProblem } from '../conditions/condition-schema.js';
import type { PlantCondition } from '../conditions/condition-types.js';
import { validateFaultSchedule, type FaultSchedule } from '../lab/fault-schedule.js';
import { parseJsonText } from '../problems/json-text.js';
import { isRecord, kindOf } from '../problems/json-words.js';
import { ValidationError, type PlacedProblem } from '../problems/problem-list.js';
import { shapeProblems } from '../schema/shape-check.js';
import { placeProblems, type Problem } from '../schema/shape-paths.js';
import { CRITERION_SHAPE, criterionKind, EXERCISE_ROOT_SHAPE } from './exercise-schema.js';
import type { Criterion, Exercise, ReactionEvent } from './exercise-types.js';

/** The keys of a criterion that hold a condition. */
const CONDITION_KEYS = ['reach', 'always', 'never', 'after', 'expect'] as const;

/**
 * Reads an exercise file's text. Returns the exercise, or throws a ValidationError (what:
 * 'exercise') with every problem and its place: `criteria[2].reach.items.exit: ...`. The tags,
 * conveyors and labels are checked later, against the scene (bindExercise).
 */
export function parseExerciseFile(text: string, source?: string): Exercise {
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    throw new ValidationError([{ path: '(file)', message: parsed.message }], source, 'exercise');
  return validateExercise(parsed.value, source);
}

/** Validates parsed JSON as an exercise file (see parseExerciseFile). */
export function validateExercise(json: unknown, source?: string): Exercise {
  const fail = (problems: PlacedProblem[]) => new ValidationError(problems, source, 'exercise');
  if (!isRecord(json))
    throw fail([
      {
        path: '(file)',
        message: `an exercise file is a JSON object such as {"format": "tagsim-exercise", ...}; got ${kindOf(json)}`,
      },
    ]);
  const problems = placeProblems(EXERCISE_ROOT_SHAPE, json, '', shapeProblems(EXERCISE_ROOT_SHAPE, json));
  if (problems.length > 0) throw fail(problems);
  const faults = readFaults(json['faults'], problems);
  const criteria: Criterion[] = [];
  (json['criteria'] as unknown[]).forEach((raw, i) => {
    const path = `criteria[${i}]`;
    const found = criterionProblems(raw);
    problems.push(...placeProblems(CRITERION_SHAPE, raw, path, found));
    if (found.length === 0) criteria.push(readCriterion(raw as Record<string, unknown>, path));
  });
  const timeLimitMs = json['timeLimitMs'] as number;
  const passMark = json['passMark'] as number;
  const complete = criteria.length === (json['criteria'] as unknown[]).length;
  problems.push(...crossProblems(criteria, faults, timeLimitMs, complete ? passMark : undefined));
  if (problems.length > 0) throw fail(problems);
  return {
    name: (json['name'] as string).trim(),
    task: (json['task'] as string).trim(),
    scene: (json['scene'] as string).trim(),
    seed: json['seed'] as number | undefined,
    state: (json['state'] as string | undefined)?.trim(),
    timeLimitMs,
    passMark,
    faults: faults ?? { seed: undefined, faults: [] },
    criteria,
  };
}

/**
 * The exercise's faults, checked by the fault schedule's own check (the same words and places),
 * and then what an exercise allows less: every station gets every fault, at its own exercise time.
 */
function readFaults(raw: unknown, problems: PlacedProblem[]): FaultSchedule | undefined {
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) return undefined;
  let schedule: FaultSchedule;
  try {
    schedule = validateFaultSchedule({ faults: raw });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    problems.push(...error.problems);
    return undefined;
  }
  (raw as Record<string, unknown>[]).forEach((fault, i) => {
    for (const key of ['stations', 'pick'] as const)
      if (key in fault)
        problems.push({
          path: `faults[${i}].${key}`,
          message: `an exercise puts each fault on every station, at that station's own exercise time; remove ${key}`,
        });
  });
  const seen = new Set<string>();
  schedule.faults.forEach((fault) => {
    if (seen.has(fault.name))
      problems.push({
        path: `${fault.path}.name`,
        message: `another fault is named '${fault.name}'; give each a name of its own (a reaction names its fault)`,
      });
    seen.add(fault.name);
  });
  return schedule;
}

/** Every problem of one criterion: its shape, then what a schema cannot say. */
function criterionProblems(raw: unknown): Problem[] {
  if (!isRecord(raw)) return shapeProblems(CRITERION_SHAPE, raw);
  for (const key of CONDITION_KEYS) {
    const deep = nestingProblem(raw[key]);
    if (deep) return [{ at: [key, ...deep.at], message: deep.message }];
  }
  const problems = shapeProblems(CRITERION_SHAPE, raw);
  if (problems.length > 0) return problems;
  for (const key of CONDITION_KEYS) {
    const value = raw[key];
    if (!isRecord(value) || 'fault' in value) continue;
    problems.push(...conditionProblems(value as PlantCondition).map((p) => ({ ...p, at: [key, ...p.at] })));
  }
  return problems;
}

function readCriterion(raw: Record<string, unknown>, path: string): Criterion {
  const base = { name: (raw['name'] as string).trim(), points: raw['points'] as number, path };
  const kind = criterionKind(raw);
  switch (kind) {
    case 'reach':
      return {
        ...base,
        kind,
        condition: raw['reach'] as PlantCondition,
        byMs: raw['byMs'] as number | undefined,
      };
    case 'always':
    case 'never':
      return { ...base, kind, condition: raw[kind] as PlantCondition };
    case 'react': {
      const after = raw['after'] as Record<string, unknown>;
      const event: ReactionEvent =
        'fault' in after ? { fault: (after['fault'] as string).trim() } : { when: after as PlantCondition };
      return {
        ...base,
        kind,
        after: event,
        withinMs: raw['withinMs'] as number,
        condition: raw['expect'] as PlantCondition,
      };
    }
  }
}

/** What spans the file: names, the faults a reaction names, deadlines, and the pass mark. */
function crossProblems(
  criteria: readonly Criterion[],
  faults: FaultSchedule | undefined,
  timeLimitMs: number,
  /** Checked against the criteria's points when every criterion could be read. */
  passMark: number | undefined,
): PlacedProblem[] {
  const problems: PlacedProblem[] = [];
  const names = new Set<string>();
  const faultNames = (faults?.faults ?? []).map((f) => f.name);
  for (const c of criteria) {
    if (names.has(c.name))
      problems.push({
        path: `${c.path}.name`,
        message: `another criterion is named '${c.name}'; each is a column of the dashboard and the report, so give each its own`,
      });
    names.add(c.name);
    if (c.kind === 'reach' && c.byMs !== undefined && c.byMs > timeLimitMs)
      problems.push({
        path: `${c.path}.byMs`,
        message: `${c.byMs} is after the time limit (timeLimitMs ${timeLimitMs}); it could never be missed before the end`,
      });
    if (c.kind === 'react' && 'fault' in c.after && !faultNames.includes(c.after.fault))
      problems.push({
        path: `${c.path}.after.fault`,
        message:
          faultNames.length === 0
            ? `the exercise has no faults, so none is named '${c.after.fault}'; add it to "faults"`
            : `no fault of the exercise is named '${c.after.fault}' (its faults: ${faultNames.map((n) => `'${n}'`).join(', ')})`,
      });
  }
  const total = criteria.reduce((sum, c) => sum + c.points, 0);
  if (passMark !== undefined && passMark > total)
    problems.push({
      path: 'passMark',
      message: `${passMark} is more than the ${total} points the criteria are worth; nobody could pass`,
    });
  return problems;
}
