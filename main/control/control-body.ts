import type { Shape } from '../../shared/schema/shape-paths.js';
import { placeProblems } from '../../shared/schema/shape-paths.js';
import { shapeProblems } from '../../shared/schema/shape-check.js';
import { ApiError } from '../server/api-error.js';
import { andMore } from '../../shared/problems/problem-list.js';

/** Most problems one message lists; a body that is nothing like the shape would list hundreds. */
const MAX_LISTED = 10;

/**
 * The body, when it has the shape; else a 400 that lists what is wrong with it, place by place,
 * in the words of every TagSim file message (`rules[0].probability: 2 is above 1`).
 */
export function requireShape<T>(shape: Shape, value: unknown, what: string): T {
  if (value === undefined) throw new ApiError(400, `Request body is required: ${what}.`);
  const problems = placeProblems(shape, value, '', shapeProblems(shape, value));
  if (problems.length === 0) return value as T;
  throw new ApiError(400, describeProblems('Request body', problems));
}

/** `Request body is not valid: a: ...; b: ... (and 3 more).` */
export function describeProblems(
  what: string,
  problems: readonly { path: string; message: string }[],
): string {
  const listed = problems
    .slice(0, MAX_LISTED)
    .map((p) => (p.path === '' ? p.message : `${p.path}: ${p.message}`))
    .join('; ');
  const more = problems.length - MAX_LISTED;
  return `${what} is not valid: ${listed}${more > 0 ? ` (${andMore(more)})` : ''}.`;
}
