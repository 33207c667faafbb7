import { chaosRulesProblems, type ChaosRule } from '../api/chaos-rules.js';
import { conditionProblems, type ConditionLimits, isCondition } from '../conditions/check-condition.js';
import { nestingProblem } from '../conditions/condition-schema.js';
import type { TagFailure, TagValue } from '../core/tag-types.js';
import { parseJsonText } from '../problems/json-text.js';
import { isRecord, kindOf } from '../problems/json-words.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';
import { shapeProblems } from '../schema/shape-check.js';
import { placeProblems, type Problem } from '../schema/shape-paths.js';
import { SCENARIO_ROOT_SHAPE, STEP_KINDS, STEP_SHAPE } from './scenario-schema.js';
import {
  DEFAULT_SCENARIO_TIMEOUT_MS,
  type Scenario,
  type ScenarioStep,
  type StepAction,
  type StepKind,
  type StepTime,
} from './scenario-types.js';

export { FAILURE_MODES, MAX_SCENARIO_STEPS, SCENARIO_FILE_FIELDS, STEP_KINDS } from './scenario-schema.js';

/** An expect checks one moment, so it takes neither edges nor a condition's own forMs. */
const EXPECT_LIMITS: ConditionLimits = {
  edge: (key) => `an edge lasts one moment and an expect checks one moment; use waitFor {"${key}": ...}`,
  forMs:
    'an expect checks the moment it runs; to check that a condition holds for a while, give the step a forMs',
};

/**
 * Reads a scenario file's text. Returns the scenario, or throws a ValidationError (what:
 * 'scenario') that lists every problem with its place: `steps[2].mode: must be one of ...`.
 */
export function parseScenarioFile(text: string, source?: string): Scenario {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    throw new ValidationError([{ path: '(file)', message: parsed.message }], source, 'scenario');
  }
  return validateScenarioJson(parsed.value, source);
}

/** Validates parsed JSON as a scenario file (see parseScenarioFile). */
export function validateScenarioJson(json: unknown, source?: string): Scenario {
  if (!isRecord(json)) {
    throw new ValidationError(
      [{ path: '(file)', message: `a scenario file is a JSON object; got ${kindOf(json)}` }],
      source,
      'scenario',
    );
  }
  const problems: PlacedProblem[] = placeProblems(
    SCENARIO_ROOT_SHAPE,
    json,
    '',
    shapeProblems(SCENARIO_ROOT_SHAPE, json),
  );
  const steps: ScenarioStep[] = [];
  const rawSteps = json['steps'];
  if (problems.every((p) => p.path !== 'steps') && Array.isArray(rawSteps)) {
    let lastAt: { at: number; path: string } | undefined;
    rawSteps.forEach((raw, i) => {
      const path = `steps[${i}]`;
      const found = stepProblems(raw);
      problems.push(...placeProblems(STEP_SHAPE, raw, path, found));
      if (found.length > 0) return;
      const chaos = chaosStepProblems(raw as Record<string, unknown>, path);
      problems.push(...chaos);
      if (chaos.length > 0) return;
      const step = readStep(raw as Record<string, unknown>, path);
      if ('at' in step.time) {
        if (lastAt && step.time.at < lastAt.at) {
          problems.push({
            path: `${path}.at`,
            message: `${step.time.at} is before ${lastAt.path}'s at ${lastAt.at}; steps run in order (reorder them, or use "after" for a time relative to the previous step)`,
          });
        }
        lastAt = { at: step.time.at, path };
      }
      steps.push(step);
    });
  }
  if (problems.length > 0) throw new ValidationError(problems, source, 'scenario');
  const description = json['description'] as string | undefined;
  return {
    name: (json['name'] as string).trim(),
    description: description === '' ? undefined : description,
    scene: (json['scene'] as string | undefined)?.trim(),
    seed: json['seed'] as number | undefined,
    timeoutMs: (json['timeoutMs'] as number | undefined) ?? DEFAULT_SCENARIO_TIMEOUT_MS,
    steps,
  };
}

/** Every problem of one step: its shape, then what a schema cannot say. */
function stepProblems(raw: unknown): Problem[] {
  if (!isRecord(raw)) return shapeProblems(STEP_SHAPE, raw);
  // Every key that may hold a condition, whatever the step's kind: the check of a union tries each.
  for (const key of ['waitFor', 'expect'] as const) {
    const deep = nestingProblem(raw[key]);
    if (deep) return [{ at: [key, ...deep.at], message: deep.message }];
  }
  const problems = shapeProblems(STEP_SHAPE, raw);
  const kind = (['waitFor', 'expect'] as const).find((k) => k in raw);
  if ('at' in raw && 'after' in raw) {
    problems.push({
      at: [],
      message: 'has both at and after; give one (at: ms from the start, after: ms after the previous step)',
    });
  }
  const condition = kind && raw[kind];
  if (kind && isCondition(condition)) {
    const limits = kind === 'expect' ? EXPECT_LIMITS : {};
    problems.push(...conditionProblems(condition, limits).map((p) => ({ ...p, at: [kind, ...p.at] })));
  }
  return problems;
}

/**
 * The rules of a chaos step, checked by the very check of `PUT /tagsim/v1/chaos` and `--chaos`
 * files, its places moved into the step: `rules[0].status` is `steps[2].chaos[0].status`.
 */
function chaosStepProblems(raw: Record<string, unknown>, path: string): PlacedProblem[] {
  if (!('chaos' in raw)) return [];
  return chaosRulesProblems({ rules: raw['chaos'] }).map((p) => ({
    path: `${path}.chaos${p.path.replace(/^rules/, '')}`,
    message: p.message,
  }));
}

/** A step whose shape has been checked. */
function readStep(raw: Record<string, unknown>, path: string): ScenarioStep {
  const kind = STEP_KINDS.find((k) => k in raw)!;
  const time: StepTime =
    'at' in raw ? { at: raw['at'] as number } : { after: (raw['after'] as number | undefined) ?? 0 };
  const name = (raw['name'] as string | undefined)?.trim() || undefined;
  return { ...STEP_ACTIONS[kind](raw), path, time, name };
}

const STEP_ACTIONS: Readonly<Record<StepKind, (raw: Record<string, unknown>) => StepAction>> = {
  set: (raw) => ({ kind: 'set', tag: raw['set'] as never, value: raw['value'] as TagValue }),
  force: (raw) => ({ kind: 'force', tag: raw['force'] as never, value: raw['value'] as TagValue }),
  release: (raw) => ({ kind: 'release', tag: raw['release'] as never }),
  fail: (raw) => ({ kind: 'fail', tag: raw['fail'] as never, mode: raw['mode'] as TagFailure }),
  waitFor: (raw) => ({
    kind: 'waitFor',
    condition: raw['waitFor'] as never,
    timeoutMs: raw['timeoutMs'] as number | undefined,
  }),
  expect: (raw) => ({
    kind: 'expect',
    condition: raw['expect'] as never,
    forMs: raw['forMs'] as number | undefined,
  }),
  log: (raw) => ({ kind: 'log', message: raw['log'] as string }),
  chaos: (raw) => ({ kind: 'chaos', rules: raw['chaos'] as ChaosRule[] }),
};
