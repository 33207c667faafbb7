// The vocabulary of the behaviour model, which its schema (behaviours-schema.ts) is built from.

/** Most behaviours a scene holds; far more than a plant needs, few enough to check quickly. */
export const MAX_BEHAVIOURS = 1000;

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

/** The verbs of actions; an action has exactly one. */
export const ACTION_KEYS = ['set', 'pulse', 'toggle', 'increment'] as const;
export type ActionVerb = (typeof ACTION_KEYS)[number];
