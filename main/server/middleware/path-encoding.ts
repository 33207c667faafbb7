import type { Middleware } from 'koa';
import { ApiError } from '../api-error.js';

/**
 * Rejects a path with a malformed percent escape (`%E0%A4%A`) as a whole-request 400. The router
 * decodes each path parameter exactly once; left alone, it would pass a malformed one through raw.
 */
export function rejectMalformedPath(): Middleware {
  return async (ctx, next) => {
    if (ctx.path.includes('%')) {
      try {
        decodeURIComponent(ctx.path);
      } catch {
        throw new ApiError(400, `The path ${ctx.path} has a malformed percent-encoding.`);
      }
    }
    await next();
  };
}
