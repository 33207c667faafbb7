import { ApiError } from '../api-error.js';

/**
 * Rejects a path with a malformed percent escape (`%E0%A4%A`) as a whole-request 400. The router
 * decodes each path parameter exactly once; left alone, it would pass a malformed one through raw.
 */
export function assertWellFormedPath(path: string): void {
  if (!path.includes('%')) return;
  try {
    decodeURIComponent(path);
  } catch {
    throw new ApiError(400, `The path ${path} has a malformed percent-encoding.`);
  }
}
