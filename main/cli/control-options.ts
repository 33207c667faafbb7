import type { ClockMode } from '../runtime/simulation-host.js';
import { DEFAULT_JOURNAL_ENTRIES, MAX_JOURNAL_ENTRIES } from '../journal/request-journal.js';
import type { OptionSpec } from './option-spec.js';
import { parseWholeNumber, UsageError } from './option-values.js';

/** The control API's options (docs/control-api.md): their table and how they are read. */

const CLOCK_MODES = 'real (default): simulation time follows the real clock; virtual: it stands still';
const CLOCK_ADVANCE = 'and moves only through the control API (POST /tagsim/v1/clock/advance)';
const CONTROL_HELP = ['Do not serve the control API at /tagsim/v1/ (see docs/control-api.md)'];
const JOURNAL_HELP = [
  `Keep the last n requests to the tag API for the control API to list (default ${DEFAULT_JOURNAL_ENTRIES},`,
  `at most ${MAX_JOURNAL_ENTRIES}; 0 keeps none)`,
];
const CHAOS_HELP = [
  'Start with the chaos rules of this file ({"rules": [...]}, as PUT /tagsim/v1/chaos',
  'takes them): requests to the tag API made slow, failed or dropped',
];
const CONTROL_OPEN_HELP = [
  'On a --host that is not a loopback address, let the control API take requests',
  'without the token printed at start (for a trusted network only)',
];

export const CONTROL_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'clock',
    type: 'string',
    value: '<mode>',
    help: {
      serve: [CLOCK_MODES, CLOCK_ADVANCE],
      run: [CLOCK_MODES, `${CLOCK_ADVANCE};`, "the scenario's step times follow it"],
      grade: [
        CLOCK_MODES,
        `${CLOCK_ADVANCE};`,
        "the exercise's times follow it (the controller advances it)",
      ],
    },
  },
  { name: 'no-control', type: 'boolean', help: { serve: CONTROL_HELP, run: CONTROL_HELP } },
  { name: 'journal', type: 'string', value: '<n>', help: { serve: JOURNAL_HELP, run: JOURNAL_HELP } },
  { name: 'chaos', type: 'string', value: '<file>', help: { serve: CHAOS_HELP, run: CHAOS_HELP } },
  { name: 'control-open', type: 'boolean', help: { serve: CONTROL_OPEN_HELP, run: CONTROL_OPEN_HELP } },
];

/** The values of CONTROL_OPTION_SPECS as the parser gives them. */
export interface ControlValues {
  clock?: string;
  journal?: string;
  chaos?: string;
  'no-control'?: boolean;
  'control-open'?: boolean;
}

/** The control API's options, the same for `serve` and `run`. */
export interface ControlCliOptions {
  /** Where simulation time comes from (--clock); a virtual clock needs the control API. */
  clock: ClockMode;
  /** Serve the control API (false with --no-control). */
  control: boolean;
  /** No token on a non-loopback host (--control-open). */
  controlOpen: boolean;
  /** Requests the journal keeps (--journal; 0: none). */
  journal: number | undefined;
  /** A file of chaos rules to start with (--chaos). */
  chaos: string | undefined;
}

const CONTROL_DEFAULTS: ControlCliOptions = {
  clock: 'real',
  control: true,
  controlOpen: false,
  journal: undefined,
  chaos: undefined,
};

export function controlOptions(values: ControlValues): ControlCliOptions {
  if (values['no-control'] && values['control-open'])
    throw new UsageError('--control-open and --no-control cannot be used together');
  const clock = parseClock(values.clock);
  if (clock === 'virtual' && values['no-control'])
    throw new UsageError('--clock virtual needs the control API, which advances it (not with --no-control)');
  for (const option of ['journal', 'chaos'] as const)
    if (values[option] !== undefined && values['no-control'])
      throw new UsageError(`--${option} goes with the control API (not with --no-control)`);
  if (values.chaos !== undefined && values.chaos.trim() === '')
    throw new UsageError('--chaos needs a file of chaos rules, for example chaos.json');
  return {
    clock,
    control: values['no-control'] !== true,
    controlOpen: values['control-open'] === true,
    journal: values.journal === undefined ? undefined : parseJournal(values.journal),
    chaos: values.chaos?.trim(),
  };
}

/** Only the control options that differ from their defaults, for a command with defaults of its own. */
export function givenControlOptions(values: ControlValues): Partial<ControlCliOptions> {
  return Object.fromEntries(
    Object.entries(controlOptions(values)).filter(
      ([key, value]) => value !== CONTROL_DEFAULTS[key as keyof ControlCliOptions],
    ),
  );
}

function parseJournal(text: string): number {
  const entries = parseWholeNumber('--journal', text);
  if (entries > MAX_JOURNAL_ENTRIES)
    throw new UsageError(`--journal must be from 0 to ${MAX_JOURNAL_ENTRIES}; got '${text}'`);
  return entries;
}

function parseClock(text: string | undefined): ClockMode {
  if (text === undefined) return 'real';
  const mode = text.trim().toLowerCase();
  if (mode === 'real' || mode === 'virtual') return mode;
  throw new UsageError(`--clock must be real or virtual; got '${text}'`);
}
