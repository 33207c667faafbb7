import type { GradeCommand } from '../exercise/run-grade.js';
import { controlOptions, type ControlValues } from './control-options.js';
import type { OptionSpec } from './option-spec.js';
import {
  parseHost,
  parsePort,
  simulationOptions,
  type SimulationValues,
  UsageError,
} from './option-values.js';

/**
 * The options of exercises and grading (docs/lab.md, "Exercises and grading"): `tagsim lab
 * --exercise` grades every station live, `tagsim grade` grades one controller headless. Both
 * also take the serving and simulation options of cli-spec.ts, each with help lines there.
 */
export const EXERCISE_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'exercise',
    type: 'string',
    value: '<exercise>',
    help: {
      lab: [
        'Every station runs this exercise, graded live on the dashboard: an exercise file',
        '(.tagsim-exercise.json) or a built-in exercise by name; it sets the scene',
      ],
    },
  },
  {
    name: 'controller-cmd',
    type: 'string',
    value: '<command>',
    help: {
      grade: [
        'Run this command (with the system shell) as the controller under test, with',
        'TAGSIM_URL set to the station; without it, a controller already running connects',
      ],
    },
  },
  {
    name: 'results',
    type: 'string',
    value: '<folder>',
    help: {
      lab: ["Keep the class report here (default: the lab file's folder, else the current one)"],
      grade: ['Write the report (CSV and HTML) into this folder (default: the current one)'],
    },
  },
];

/** The values of EXERCISE_OPTION_SPECS as the parser gives them. */
export interface ExerciseValues {
  exercise?: string;
  'controller-cmd'?: string;
  results?: string;
}

/** What `tagsim grade` reads of the parsed values. */
export interface GradeCommandValues extends ExerciseValues, SimulationValues, ControlValues {
  port?: string;
  host?: string;
  report?: string;
}

/** `tagsim grade <exercise>`: the exercise (`args[0]`), the controller, where it listens and reports. */
export function gradeCommand(
  values: GradeCommandValues,
  args: readonly string[],
): { command: 'grade' } & GradeCommand {
  const exercise = args[0]?.trim();
  if (!exercise)
    throw new UsageError('tagsim grade needs an exercise: tagsim grade <exercise.tagsim-exercise.json>');
  const blank = (option: string, text: string | undefined, what: string) => {
    if (text !== undefined && text.trim() === '') throw new UsageError(`--${option} needs ${what}`);
    return text?.trim();
  };
  const { seed, timeScale } = simulationOptions(values);
  return {
    command: 'grade',
    exercise,
    controllerCmd: blank(
      'controller-cmd',
      values['controller-cmd'],
      'a command, for example "python3 plc.py"',
    ),
    host: parseHost(values.host),
    port: parsePort(values.port),
    report: blank('report', values.report, 'a file name, for example junit.xml'),
    results: blank('results', values.results, 'a folder') ?? '.',
    seed,
    timeScale,
    clock: controlOptions(values).clock,
  };
}
