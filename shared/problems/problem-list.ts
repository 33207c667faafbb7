/**
 * A list of problems with their places: how every text TagSim reads (scenes, CSV, state snapshots,
 * scenarios, labs, fault schedules, chaos rules) reports what is wrong with it, all of it at once
 * and in the same words, whichever folder reads it.
 */

/** One thing wrong, where it is and how to fix it: `tags[3].address: ...`. */
export interface PlacedProblem {
  /**
   * Where: `name`, `tags[3].address`, `tags` (for a missing system tag), `(file)`; `line 7` in a
   * CSV file.
   */
  readonly path: string;
  readonly message: string;
}

/** `tags[3].address: 600 is outside the Bit range 0-511` */
export function formatProblem(problem: PlacedProblem): string {
  return `${problem.path}: ${problem.message}`;
}

/**
 * A text that could not be read (a scene, a scene's CSV, a state snapshot, a scenario, a lab, a
 * fault schedule, chaos rules); it carries every problem found, not only the first.
 */
export class ValidationError extends Error {
  constructor(
    readonly problems: readonly PlacedProblem[],
    readonly source?: string,
    /** What the text should have been: 'scene' unless told otherwise. */
    what = 'scene',
  ) {
    const head = source ? `${source} is not a valid ${what}` : `Not a valid ${what}`;
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`${head} (${count}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    this.name = 'ValidationError';
  }
}

/**
 * "and 3 more problems", "and 1 more problem", or "and 3 more" without a noun: how every list
 * that is cut short says what it left out.
 */
export function andMore(left: number, noun?: string): string {
  if (noun === undefined) return `and ${left} more`;
  return `and ${left} more ${noun}${left === 1 ? '' : 's'}`;
}

/**
 * The first `max` lines, then "… and N more problems" where some were left out: a text that is
 * not what it should be at all would otherwise flood the terminal or the dialog that shows it.
 */
export function firstProblemLines(lines: readonly string[], max: number): string[] {
  const shown = lines.slice(0, max);
  const left = lines.length - shown.length;
  return left > 0 ? [...shown, `… ${andMore(left, 'problem')}`] : shown;
}
