// The vocabulary of the behaviour model, shared by the validator and the JSON Schema so that the
// two cannot drift apart.

/** Most behaviours a scene holds; far more than a plant needs, few enough to check quickly. */
export const MAX_BEHAVIOURS = 1000;
/** Deepest nesting of conditions and expressions (a file cannot make the checker recurse forever). */
export const MAX_NESTING = 16;

/** The fields of each signal, besides those of every generator. */
export const SIGNAL_FIELDS = {
  constant: ['value'],
  sine: ['amplitude', 'offset', 'periodMs', 'phase'],
  square: ['amplitude', 'offset', 'periodMs', 'phase', 'duty'],
  triangle: ['amplitude', 'offset', 'periodMs', 'phase'],
  sawtooth: ['amplitude', 'offset', 'periodMs', 'phase'],
  ramp: ['rate', 'min', 'max', 'start', 'atLimit'],
  randomWalk: ['step', 'min', 'max', 'start', 'intervalMs'],
  noise: ['around', 'amplitude', 'intervalMs'],
  lag: ['target', 'timeConstantMs', 'start'],
  integrator: ['rate', 'min', 'max', 'start'],
} as const;
export type SignalName = keyof typeof SIGNAL_FIELDS;
export const SIGNALS = Object.keys(SIGNAL_FIELDS) as SignalName[];

export const GENERATOR_FIELDS = ['name', 'generate', 'signal', 'noise', 'seed'];
export const RULE_FIELDS = ['name', 'when', 'then', 'delayMs'];
export const CONVEYOR_FIELDS = [
  'conveyor',
  'length',
  'speed',
  'runs',
  'feeder',
  'sensors',
  'exits',
  'end',
  'removers',
];
export const FEEDER_FIELDS = [
  'items',
  'order',
  'itemLength',
  'gap',
  'intervalMs',
  'firstAfterMs',
  'maxOnConveyor',
  'total',
  'when',
];
export const SENSOR_FIELDS = ['tag', 'from', 'to', 'detects', 'normallyClosed', 'reads', 'otherwise'];
/** The keys that tell the kinds of condition apart; a condition has exactly one. */
export const CONDITION_KEYS = ['tag', 'rising', 'falling', 'all', 'any', 'not', 'always'];
export const COMPARISONS = ['equals', 'notEquals', 'gt', 'ge', 'lt', 'le'];
/** The verbs of actions; an action has exactly one. */
export const ACTION_KEYS = ['set', 'pulse', 'toggle', 'increment'];
