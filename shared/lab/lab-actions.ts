import { Type } from '@sinclair/typebox';
import { formatProblem } from '../problems/problem-list.js';
import { closest, isRecord, kindOf, show } from '../problems/json-words.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';
import { FAULT_KINDS, FaultSchema, faultValueProblem, type FaultKind, type LabFault } from './lab-fault.js';
import { MAX_STATIONS } from './lab-plan.js';

/** Which stations an action is for: all, or some by number (1 to N). */
export type StationSelection = 'all' | readonly number[];

/** What the instructor does to some stations at once (the dashboard's bulk actions). */
export type LabAction =
  | { readonly action: 'run' | 'pause' | 'reset' | 'clearAllFaults'; readonly stations: StationSelection }
  | { readonly action: 'applyFault'; readonly stations: StationSelection; readonly fault: LabFault }
  | {
      readonly action: 'clearFault';
      readonly stations: StationSelection;
      readonly tag: string;
      /** Only the tag of that name with this id (LabFault.id). */
      readonly id?: string;
      readonly kind: FaultKind | 'all';
    };

export const LAB_ACTIONS = ['run', 'pause', 'reset', 'applyFault', 'clearFault', 'clearAllFaults'] as const;

const closed = { additionalProperties: false } as const;
/** `"all"` or station numbers: which stations an action or a scheduled fault is for. */
export const StationSelectionSchema = says(
  Type.Union([
    Type.Literal('all'),
    Type.Array(Type.Integer({ minimum: 1, maximum: MAX_STATIONS }), {
      minItems: 1,
      maxItems: MAX_STATIONS,
      uniqueItems: true,
    }),
  ]),
  {
    invalid: (v) =>
      `must be "all" or a non-empty list of distinct station numbers (1 to ${MAX_STATIONS}); got ${show(v)}`,
  },
);
const FIELDS = {
  run: {},
  pause: {},
  reset: {},
  clearAllFaults: {},
  applyFault: { fault: FaultSchema },
  clearFault: {
    tag: FaultSchema.properties.tag,
    id: FaultSchema.properties.id,
    kind: says(Type.Union([...FAULT_KINDS, 'all'].map((k) => Type.Literal(k))), {
      invalid: (v) => `must be one of ${[...FAULT_KINDS, 'all'].join(', ')}; got ${show(v)}`,
    }),
  },
} as const;

const ActionSchema = says(
  Type.Union(
    LAB_ACTIONS.map((action) =>
      Type.Object(
        { action: Type.Literal(action), stations: StationSelectionSchema, ...FIELDS[action] },
        closed,
      ),
    ),
  ),
  { choose: chooseAction },
);
const ACTION_SHAPE: Shape = { schema: ActionSchema, refs: [] };

function chooseAction(raw: unknown) {
  if (!isRecord(raw))
    return `an action is an object such as {"action": "run", "stations": "all"}; got ${kindOf(raw)}`;
  const index = LAB_ACTIONS.indexOf(raw['action'] as never);
  if (index >= 0) return index;
  const meant = typeof raw['action'] === 'string' ? closest(raw['action'], LAB_ACTIONS) : undefined;
  return {
    at: ['action'],
    message: `must be one of ${LAB_ACTIONS.join(', ')}; got ${show(raw['action'])}${meant ? ` (did you mean '${meant}'?)` : ''}`,
  };
}

/** Reads an action: the action, or every problem as `path: message` lines. */
export function parseLabAction(
  json: unknown,
  /** The lab's size: with it, stations it lacks are listed beside the other problems. */
  stationCount?: number,
): { action: LabAction } | { problems: string[] } {
  const found = shapeProblems(ACTION_SHAPE, json);
  if (found.length === 0 && isRecord(json) && json['action'] === 'applyFault') {
    const problem = faultValueProblem(json['fault'] as LabFault);
    if (problem) found.push({ at: ['fault', ...problem.at], message: problem.message });
  }
  if (found.length === 0) return { action: json as LabAction };
  const problems = placeProblems(ACTION_SHAPE, json, '', found).map(formatProblem);
  const stations = isRecord(json) ? json['stations'] : undefined;
  if (stationCount !== undefined && Array.isArray(stations) && stations.every((n) => Number.isInteger(n))) {
    const outside = selectedStations(stations as number[], stationCount);
    if (typeof outside === 'string') problems.push(`stations: ${outside}`);
  }
  return { problems };
}

/** The station numbers a selection names, checked against the lab's size. */
export function selectedStations(selection: StationSelection, count: number): number[] | string {
  if (selection === 'all') return Array.from({ length: count }, (_, i) => i + 1);
  const outside = selection.find((n) => n > count);
  if (outside !== undefined) return `there is no station ${outside}; this lab has ${count}`;
  return [...selection];
}
