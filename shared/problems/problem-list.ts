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

