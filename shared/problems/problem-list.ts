/** One thing wrong with a scene, where it is and how to fix it: `tags[3].address: ...`. */
export interface SceneProblem {
  /**
   * Where: `name`, `tags[3].address`, `tags` (for a missing system tag), `(file)`; `line 7` in a
   * CSV file.
   */
  readonly path: string;
  readonly message: string;
}

/** `tags[3].address: 600 is outside the Bit range 0-511` */
export function formatProblem(problem: SceneProblem): string {
  return `${problem.path}: ${problem.message}`;
}

/**
 * A scene (or a scene's CSV, or a state snapshot) that could not be read; it carries every problem
 * found, not only the first.
 */
export class SceneValidationError extends Error {
  constructor(
    readonly problems: readonly SceneProblem[],
    readonly source?: string,
    /** What the text should have been: 'scene' unless told otherwise. */
    what = 'scene',
  ) {
    const head = source ? `${source} is not a valid ${what}` : `Not a valid ${what}`;
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`${head} (${count}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    this.name = 'SceneValidationError';
  }
}
