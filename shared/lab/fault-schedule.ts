import { Type } from '@sinclair/typebox';
import { checkCondition } from '../conditions/check-condition.js';
import { nestingProblem } from '../conditions/condition-schema.js';
import type { Condition } from '../conditions/condition-types.js';
import { parseJsonText } from '../problems/json-text.js';
import { isRecord, kindOf, listKindOf, show } from '../problems/json-words.js';
import { ValidationError, type PlacedProblem } from '../problems/problem-list.js';
import { milliseconds } from '../schema/milliseconds.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Problem, type Shape } from '../schema/shape-paths.js';
import { StationSelectionSchema, type StationSelection } from './lab-actions.js';
import { FaultSchema, faultValueProblem, type LabFault } from './lab-fault.js';

/** Most faults one schedule holds: a lesson's worth, many times over. */
export const MAX_SCHEDULED_FAULTS = 1000;

/** One fault of a schedule: what, on which stations, when it goes on and when it comes off. */
export interface ScheduledFault {
  /** How the log and the dashboard name it (default `faults[i]`). */
  readonly name: string;
  readonly fault: LabFault;
  readonly stations: StationSelection;
  /** 'each' (default): on every station named; 'one': on one of them, drawn with the seed. */
  readonly pick: 'each' | 'one';
  /** Put on at this time (ms after the schedule starts)... */
  readonly at?: number;
  /** ...or when this condition first holds on the station. */
  readonly when?: Condition;
  /** Taken off this long after it went on... */
  readonly clearAfter?: number;
  /** ...or when this condition holds (the student's program reacted); else it stays on. */
  readonly clearWhen?: Condition;
  /** Where it is in the file, for messages: `faults[2]`. */
  readonly path: string;
}

/** A fault schedule file: `{"seed": 7, "faults": [...]}` (docs/lab.md). */
export interface FaultSchedule {
  readonly seed: number | undefined;
  readonly faults: readonly ScheduledFault[];
}

const closed = { additionalProperties: false } as const;
const condition = Type.Unknown();

/** One scheduled fault (the exercise file's JSON Schema lists it too). */
export const EntrySchema = Type.Object(
  {
    name: Type.Optional(
      says(Type.String({ pattern: '\\S', maxLength: 200 }), {
        invalid: (v) => `must be a name of at most 200 characters, not blank; got ${kindOf(v)}`,
      }),
    ),
    fault: FaultSchema,
    stations: Type.Optional(StationSelectionSchema),
    pick: Type.Optional(
      says(Type.Union([Type.Literal('each'), Type.Literal('one')]), {
        invalid: (v) =>
          `must be "each" (every station named) or "one" (one of them at random); got ${show(v)}`,
      }),
    ),
    at: Type.Optional(milliseconds()),
    when: Type.Optional(condition),
    clearAfter: Type.Optional(milliseconds({ aboveZero: true })),
    clearWhen: Type.Optional(condition),
  },
  closed,
);
const ENTRY_SHAPE: Shape = { schema: EntrySchema, refs: [] };

const RootSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    seed: Type.Optional(
      says(Type.Integer({ minimum: 0, maximum: 0xffffffff }), {
        invalid: (v) => `must be a whole number from 0 to 4294967295; got ${show(v)}`,
      }),
    ),
    faults: says(Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_SCHEDULED_FAULTS }), {
      invalid: (v) =>
        Array.isArray(v) && v.length > MAX_SCHEDULED_FAULTS
          ? `has ${v.length} faults; a schedule holds at most ${MAX_SCHEDULED_FAULTS}`
          : `must be a non-empty array of scheduled faults; got ${listKindOf(v)}`,
    }),
  },
  closed,
);
const ROOT_SHAPE: Shape = { schema: RootSchema, refs: [] };

/**
 * Reads a fault schedule's text. Returns the schedule, or throws a ValidationError (what:
 * 'fault schedule') with every problem and its place: `faults[1].when.tag: ...`. The tags are
 * checked later, against each station's scene (bindSchedule).
 */
export function parseFaultSchedule(text: string, source?: string): FaultSchedule {
  const fail = (problems: PlacedProblem[]) => new ValidationError(problems, source, 'fault schedule');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw fail([{ path: '(file)', message: parsed.message }]);
  return validateFaultSchedule(parsed.value, source);
}

/** Validates parsed JSON as a fault schedule (see parseFaultSchedule). */
export function validateFaultSchedule(json: unknown, source?: string): FaultSchedule {
  const fail = (problems: PlacedProblem[]) => new ValidationError(problems, source, 'fault schedule');
  if (!isRecord(json))
    throw fail([
      {
        path: '(file)',
        message: `a fault schedule is a JSON object such as {"faults": [...]}; got ${kindOf(json)}`,
      },
    ]);
  const problems = placeProblems(ROOT_SHAPE, json, '', shapeProblems(ROOT_SHAPE, json));
  const faults: ScheduledFault[] = [];
  if (problems.length === 0) {
    (json['faults'] as unknown[]).forEach((raw, i) => {
      const path = `faults[${i}]`;
      const found = entryProblems(raw);
      problems.push(...placeProblems(ENTRY_SHAPE, raw, path, found));
      if (found.length === 0) faults.push(readEntry(raw as Record<string, unknown>, path));
    });
  }
  if (problems.length > 0) throw fail(problems);
  return { seed: json['seed'] as number | undefined, faults };
}

function entryProblems(raw: unknown): Problem[] {
  if (!isRecord(raw))
    return [
      {
        at: [],
        message: `a scheduled fault is an object such as {"at": 60000, "fault": {...}}; got ${kindOf(raw)}`,
      },
    ];
  for (const key of ['when', 'clearWhen'] as const) {
    const deep = nestingProblem(raw[key]);
    if (deep) return [{ at: [key, ...deep.at], message: deep.message }];
  }
  const problems = shapeProblems(ENTRY_SHAPE, raw);
  if (problems.length > 0) return problems;
  const value = faultValueProblem(raw['fault'] as LabFault);
  if (value) problems.push({ at: ['fault', ...value.at], message: value.message });
  if ('at' in raw === 'when' in raw)
    problems.push({
      at: [],
      message:
        'at' in raw
          ? 'has both at and when; give one to say when the fault goes on'
          : 'needs one of at (ms after the start) or when (a condition) to say when the fault goes on',
    });
  if ('clearAfter' in raw && 'clearWhen' in raw)
    problems.push({
      at: [],
      message: 'has both clearAfter and clearWhen; give one (or neither: the fault stays on)',
    });
  for (const key of ['when', 'clearWhen'] as const) {
    if (raw[key] === undefined) continue;
    problems.push(...checkCondition(raw[key]).problems.map((p) => ({ ...p, at: [key, ...p.at] })));
  }
  return problems;
}

function readEntry(raw: Record<string, unknown>, path: string): ScheduledFault {
  return {
    name: (raw['name'] as string | undefined)?.trim() ?? path,
    fault: raw['fault'] as LabFault,
    stations: (raw['stations'] as StationSelection | undefined) ?? 'all',
    pick: (raw['pick'] as 'each' | 'one' | undefined) ?? 'each',
    ...(raw['at'] !== undefined ? { at: raw['at'] as number } : {}),
    ...(raw['when'] !== undefined ? { when: raw['when'] as Condition } : {}),
    ...(raw['clearAfter'] !== undefined ? { clearAfter: raw['clearAfter'] as number } : {}),
    ...(raw['clearWhen'] !== undefined ? { clearWhen: raw['clearWhen'] as Condition } : {}),
    path,
  };
}
