import { errorMessage } from './message-text.js';
import { firstProblemLines, formatProblem, ValidationError } from './problem-list.js';

/**
 * An error as a command prints it: a title line, and for a file with problems the first `max`
 * of them (a file that is not what it should be at all would flood the terminal).
 */
export function errorLines(error: unknown, max: number): [title: string, lines: string[]] {
  if (error instanceof ValidationError) {
    const [head] = error.message.split('\n', 1);
    return [head!, firstProblemLines(error.problems.map(formatProblem), max)];
  }
  return [errorMessage(error), []];
}
