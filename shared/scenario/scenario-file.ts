import type { TagFailure, TagValue } from '../core/tag-types.js';
import { parseJsonText } from '../scenes/json-text.js';
import { type SceneProblem, SceneValidationError } from '../scenes/scene-problems.js';
import {
  type Condition,
  DEFAULT_SCENARIO_TIMEOUT_MS,
  SCENARIO_FORMAT,
  SCENARIO_FORMAT_VERSION,
  type Scenario,
  type ScenarioStep,
  type StepAction,
  type StepKind,
  type StepTime,
  type TagRef,
} from './scenario-types.js';
import { closest, isRecord, kindOf, show, unknownFields } from '../scenes/json-words.js';

/** The fields a scenario file may have at its root. */
export const SCENARIO_FILE_FIELDS: readonly string[] = [
  '$schema',
  'format',
  'version',
  'name',
  'description',
  'scene',
  'seed',
  'timeoutMs',
  'steps',
];
/** The key that says what a step does. */
export const STEP_KINDS: readonly StepKind[] = [
  'set',
  'force',
  'release',
  'fail',
  'waitFor',
  'expect',
  'log',
];
/** Fields every step may have besides its action. */
const COMMON_STEP_FIELDS = ['at', 'after', 'name', 'description'];
/** The fields each kind of step adds to its action key. */
const STEP_FIELDS: Readonly<Record<StepKind, readonly string[]>> = {
  set: ['value'],
  force: ['value'],
  release: [],
  fail: ['mode'],
  waitFor: ['timeoutMs'],
  expect: ['forMs'],
  log: [],
};
export const FAILURE_MODES: readonly TagFailure[] = ['alwaysOff', 'alwaysOn', 'none'];
const CONDITION_KEYS = ['tag', 'rising', 'falling', 'all', 'any', 'not', 'always'];
const COMPARISONS = ['equals', 'notEquals', 'gt', 'ge', 'lt', 'le'];
/** Most steps in a scenario; far beyond a hand-written timeline. */
export const MAX_SCENARIO_STEPS = 10_000;
/** Deepest nesting of all/any/not. */
export const MAX_CONDITION_DEPTH = 16;
/** Largest time in a scenario: about 24 days, the most a JavaScript timer holds. */
const MAX_MS = 2_147_483_647;

/** Reports a problem at a place; keeps the list, so a part can tell whether it added any. */
interface Report {
  (path: string, message: string): void;
  readonly problems: readonly SceneProblem[];
}

/**
 * Reads a scenario file's text. Returns the scenario, or throws a SceneValidationError (what:
 * 'scenario') that lists every problem with its place: `steps[2].mode: must be one of ...`.
 */
export function parseScenarioFile(text: string, source?: string): Scenario {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    throw new SceneValidationError([{ path: '(file)', message: parsed.message }], source, 'scenario');
  }
  return validateScenarioJson(parsed.value, source);
}

/** Validates parsed JSON as a scenario file (see parseScenarioFile). */
export function validateScenarioJson(json: unknown, source?: string): Scenario {
  const problems: SceneProblem[] = [];
  const report: Report = Object.assign(
    (path: string, message: string) => void problems.push({ path, message }),
    { problems },
  );
  if (!isRecord(json)) {
    throw new SceneValidationError(
      [{ path: '(file)', message: `a scenario file is a JSON object; got ${kindOf(json)}` }],
      source,
      'scenario',
    );
  }
  unknownFields(json, SCENARIO_FILE_FIELDS, '', report, 'known fields here');
  if (json['format'] !== SCENARIO_FORMAT) {
    report(
      'format',
      `must be "${SCENARIO_FORMAT}"; got ${show(json['format'])} (is this a TagSim scenario file?)`,
    );
  }
  const version = json['version'];
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_FORMAT_VERSION) {
    report(
      'version',
      `${version} is newer than this TagSim reads (${SCENARIO_FORMAT_VERSION}); update TagSim`,
    );
  } else if (version !== SCENARIO_FORMAT_VERSION) {
    report('version', `must be ${SCENARIO_FORMAT_VERSION}; got ${show(version)}`);
  }
  const name = json['name'];
  if (typeof name !== 'string' || name.trim() === '') {
    report(
      'name',
      `must be a non-empty string, the scenario's name (the report's test suite); got ${show(name)}`,
    );
  }
  const description = optionalString(json, 'description', '', report);
  const scene = optionalString(json, 'scene', '', report);
  if (scene !== undefined && scene.trim() === '')
    report('scene', 'must name a built-in scene or a scene file');
  const seed = json['seed'];
  if (
    seed !== undefined &&
    !(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= 0xffffffff)
  ) {
    report('seed', `must be a whole number from 0 to 4294967295; got ${show(seed)}`);
  }
  const timeoutMs = json['timeoutMs'] === undefined ? DEFAULT_SCENARIO_TIMEOUT_MS : json['timeoutMs'];
  checkDuration(timeoutMs, 'timeoutMs', report, { aboveZero: true });

  const steps: ScenarioStep[] = [];
  const rawSteps = json['steps'];
  if (!Array.isArray(rawSteps)) {
    report('steps', `must be an array of steps; got ${kindOf(rawSteps)}`);
  } else if (rawSteps.length === 0) {
    report('steps', 'has no steps; a scenario needs at least one');
  } else if (rawSteps.length > MAX_SCENARIO_STEPS) {
    report('steps', `has ${rawSteps.length} steps; a scenario holds at most ${MAX_SCENARIO_STEPS}`);
  } else {
    let lastAt: { at: number; path: string } | undefined;
    rawSteps.forEach((raw, i) => {
      const step = validateStep(raw, `steps[${i}]`, report);
      if (!step) return;
      if ('at' in step.time) {
        if (lastAt && step.time.at < lastAt.at) {
          report(
            `${step.path}.at`,
            `${step.time.at} is before ${lastAt.path}'s at ${lastAt.at}; steps run in order (reorder them, or use "after" for a time relative to the previous step)`,
          );
        }
        lastAt = { at: step.time.at, path: step.path };
      }
      steps.push(step);
    });
  }

  if (problems.length > 0) throw new SceneValidationError(problems, source, 'scenario');
  return {
    name: (name as string).trim(),
    description: description === '' ? undefined : description,
    scene: scene?.trim(),
    seed: seed as number | undefined,
    timeoutMs: timeoutMs as number,
    steps,
  };
}

function validateStep(raw: unknown, path: string, report: Report): ScenarioStep | undefined {
  if (!isRecord(raw)) {
    report(path, `a step is an object such as {"at": 0, "set": "Sensor", "value": true}; got ${kindOf(raw)}`);
    return undefined;
  }
  const kinds = STEP_KINDS.filter((k) => k in raw);
  if (kinds.length !== 1) {
    const known = STEP_KINDS.join(', ');
    if (kinds.length === 0) {
      const meant = Object.keys(raw)
        .map((key) => closest(key, STEP_KINDS))
        .find((k) => k !== undefined);
      report(
        path,
        meant
          ? `says nothing to do; did you mean '${meant}'? (a step has one of: ${known})`
          : `says nothing to do; a step has one of: ${known}`,
      );
    } else {
      report(path, `has ${kinds.join(' and ')}; a step does one thing: split it into ${kinds.length} steps`);
    }
    return undefined;
  }
  const kind = kinds[0]!;
  const before = problemCount(report);
  unknownFields(
    raw,
    [kind, ...STEP_FIELDS[kind], ...COMMON_STEP_FIELDS],
    `${path}.`,
    report,
    'known fields here',
  );

  let time: StepTime = { after: 0 };
  if ('at' in raw && 'after' in raw) {
    report(
      path,
      'has both at and after; give one (at: ms from the start, after: ms after the previous step)',
    );
  } else if ('at' in raw) {
    if (checkDuration(raw['at'], `${path}.at`, report)) time = { at: raw['at'] as number };
  } else if ('after' in raw) {
    if (checkDuration(raw['after'], `${path}.after`, report)) time = { after: raw['after'] as number };
  }
  const name = optionalString(raw, 'name', `${path}.`, report);
  optionalString(raw, 'description', `${path}.`, report);

  let action: StepAction | undefined;
  const target = raw[kind];
  switch (kind) {
    case 'set':
    case 'force': {
      const tag = checkTagRef(target, `${path}.${kind}`, report);
      const value = raw['value'];
      if (!('value' in raw)) report(`${path}.value`, `${kind} needs a value (true/false, or a number)`);
      else if (typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) {
        report(`${path}.value`, `must be true, false or a number; got ${show(value)}`);
      } else if (tag) action = { kind, tag, value: value as TagValue };
      break;
    }
    case 'release': {
      const tag = checkTagRef(target, `${path}.release`, report);
      if (tag) action = { kind, tag };
      break;
    }
    case 'fail': {
      const tag = checkTagRef(target, `${path}.fail`, report);
      const mode = raw['mode'];
      if (!FAILURE_MODES.includes(mode as TagFailure)) {
        const hint =
          mode === 'openCircuit'
            ? ' (an open circuit is alwaysOff)'
            : mode === 'shortCircuit'
              ? ' (a short circuit is alwaysOn)'
              : '';
        report(`${path}.mode`, `must be one of ${FAILURE_MODES.join(', ')}; got ${show(mode)}${hint}`);
      } else if (tag) action = { kind, tag, mode: mode as TagFailure };
      break;
    }
    case 'waitFor': {
      const condition = checkCondition(target, `${path}.waitFor`, report, 'waitFor', 1);
      const timeoutMs = raw['timeoutMs'];
      const timeoutOk =
        timeoutMs === undefined || checkDuration(timeoutMs, `${path}.timeoutMs`, report, { aboveZero: true });
      if (condition && timeoutOk) action = { kind, condition, timeoutMs: timeoutMs as number | undefined };
      break;
    }
    case 'expect': {
      const condition = checkCondition(target, `${path}.expect`, report, 'expect', 1);
      const forMs = raw['forMs'];
      const forOk = forMs === undefined || checkDuration(forMs, `${path}.forMs`, report, { aboveZero: true });
      if (condition && forOk) action = { kind, condition, forMs: forMs as number | undefined };
      break;
    }
    case 'log':
      if (typeof target !== 'string' || target.trim() === '') {
        report(`${path}.log`, `must be the text to print; got ${show(target)}`);
      } else action = { kind, message: target };
      break;
  }
  if (!action || problemCount(report) !== before) return undefined;
  return { ...action, path, time, name: name?.trim() || undefined };
}

function checkTagRef(ref: unknown, path: string, report: Report): TagRef | undefined {
  const forms = 'a tag is named by a string, {"name": ..., "kind": "Input" | "Output"} or {"id": ...}';
  if (typeof ref === 'string') {
    if (ref.trim() !== '') return ref;
    report(path, `must name a tag; ${forms}`);
    return undefined;
  }
  if (!isRecord(ref)) {
    report(path, `must name a tag: ${forms}; got ${kindOf(ref)}`);
    return undefined;
  }
  const extra = Object.keys(ref).filter((k) => !['id', 'name', 'kind'].includes(k));
  if (extra.length > 0) {
    report(path, `unknown field '${extra[0]}' in a tag reference; ${forms}`);
    return undefined;
  }
  if ('id' in ref) {
    if (typeof ref['id'] === 'string' && ref['id'] !== '' && !('name' in ref) && !('kind' in ref)) {
      return { id: ref['id'] };
    }
    report(path, `an id reference is {"id": "<the tag's id>"} alone; got ${show(ref)}`);
    return undefined;
  }
  const { name, kind } = ref;
  if (typeof name !== 'string' || name.trim() === '') {
    report(path, `must name a tag: ${forms}; got ${show(ref)}`);
    return undefined;
  }
  if (kind !== undefined && kind !== 'Input' && kind !== 'Output') {
    report(`${path}.kind`, `must be "Input" or "Output"; got ${show(kind)}`);
    return undefined;
  }
  return kind === undefined ? { name } : { name, kind };
}

/**
 * Checks a condition's shape: the same JSON as the conditions of behaviours (docs/simulation.md).
 * An `expect` checks one moment (or every moment of its `forMs`), so edges and a condition's own
 * `forMs` belong to waitFor only.
 */
function checkCondition(
  raw: unknown,
  path: string,
  report: Report,
  context: 'waitFor' | 'expect',
  depth: number,
): Condition | undefined {
  if (!isRecord(raw)) {
    report(path, `must be a condition such as {"tag": "Counter", "ge": 10}; got ${kindOf(raw)}`);
    return undefined;
  }
  if (depth > MAX_CONDITION_DEPTH) {
    report(path, `conditions nest at most ${MAX_CONDITION_DEPTH} deep`);
    return undefined;
  }
  const keys = CONDITION_KEYS.filter((k) => k in raw);
  if (keys.length !== 1) {
    report(
      path,
      keys.length === 0
        ? `must have one of ${CONDITION_KEYS.join(', ')} (e.g. {"tag": "Counter", "ge": 10})`
        : `has ${keys.join(' and ')}; a condition has one of them (combine with "all" or "any")`,
    );
    return undefined;
  }
  const key = keys[0]!;
  const before = problemCount(report);
  const forMsAllowed = key !== 'rising' && key !== 'falling' && key !== 'always';
  const known = key === 'tag' ? ['tag', ...COMPARISONS, 'forMs'] : forMsAllowed ? [key, 'forMs'] : [key];
  if (!forMsAllowed && 'forMs' in raw) {
    report(
      `${path}.forMs`,
      `${key === 'always' ? '"always"' : 'an edge'} does not last, so forMs does not apply; remove it`,
    );
  }
  unknownFields(
    Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'forMs' || forMsAllowed)),
    known,
    `${path}.`,
    report,
    'known fields here',
  );
  if ('forMs' in raw && forMsAllowed) {
    if (context === 'expect') {
      report(
        `${path}.forMs`,
        'an expect checks the moment it runs; to check that a condition holds for a while, give the step a forMs',
      );
    } else checkDuration(raw['forMs'], `${path}.forMs`, report);
  }
  switch (key) {
    case 'tag': {
      checkTagRef(raw['tag'], `${path}.tag`, report);
      const given = COMPARISONS.filter((c) => c in raw);
      if (given.length === 0) {
        report(
          path,
          `compares the tag with nothing; add one of ${COMPARISONS.join(', ')} (e.g. "equals": true)`,
        );
      }
      for (const c of given) {
        const v = raw[c];
        if (c === 'equals' || c === 'notEquals') {
          if (typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) {
            report(`${path}.${c}`, `must be true, false or a number; got ${show(v)}`);
          }
        } else if (!(typeof v === 'number' && Number.isFinite(v))) {
          report(`${path}.${c}`, `must be a number; got ${show(v)}`);
        }
      }
      break;
    }
    case 'rising':
    case 'falling':
      if (context === 'expect') {
        report(path, `an edge lasts one moment and an expect checks one moment; use waitFor {"${key}": ...}`);
      } else checkTagRef(raw[key], `${path}.${key}`, report);
      break;
    case 'all':
    case 'any': {
      const parts = raw[key];
      if (!Array.isArray(parts) || parts.length === 0) {
        report(`${path}.${key}`, `must be a non-empty array of conditions; got ${kindOf(parts)}`);
      } else {
        parts.forEach((p, i) => checkCondition(p, `${path}.${key}[${i}]`, report, context, depth + 1));
      }
      break;
    }
    case 'not':
      checkCondition(raw['not'], `${path}.not`, report, context, depth + 1);
      break;
    case 'always':
      if (raw['always'] !== true) report(`${path}.always`, `must be true; got ${show(raw['always'])}`);
      break;
  }
  return problemCount(report) === before ? (raw as unknown as Condition) : undefined;
}

/** Whether the value is a time in milliseconds (reported when not). */
function checkDuration(
  value: unknown,
  path: string,
  report: Report,
  options: { aboveZero?: boolean } = {},
): boolean {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (options.aboveZero ? value > 0 : value >= 0) &&
    value <= MAX_MS;
  if (!ok) {
    const range = options.aboveZero ? 'above 0' : '0 or more';
    report(path, `must be a number of milliseconds, ${range} and at most ${MAX_MS}; got ${show(value)}`);
  }
  return ok;
}

function optionalString(
  record: Record<string, unknown>,
  key: string,
  prefix: string,
  report: Report,
): string | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  report(`${prefix}${key}`, `must be a string; got ${kindOf(value)}`);
  return undefined;
}

/** How many problems were reported so far, to tell whether a part added any. */
function problemCount(report: Report): number {
  return report.problems.length;
}
