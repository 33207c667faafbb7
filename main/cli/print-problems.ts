import {
  firstProblemLines,
  formatProblem,
  type ValidationError,
} from '../../shared/problems/problem-list.js';
import type { CliIo } from './cli-io.js';

/** Most problems printed; a file that is not a scene at all would otherwise flood the terminal. */
const MAX_PRINTED_PROBLEMS = 50;

/**
 * "tagsim: x.tagsim.json is not a valid scene (2 problems):", then one line per problem; `context`
 * goes before the first line ("station 2: ").
 */
export function printProblems(io: Pick<CliIo, 'err'>, error: ValidationError, context = ''): void {
  const [head] = error.message.split('\n', 1);
  io.err(`tagsim: ${context}${head}`);
  for (const line of firstProblemLines(error.problems.map(formatProblem), MAX_PRINTED_PROBLEMS))
    io.err(`  ${line}`);
}
