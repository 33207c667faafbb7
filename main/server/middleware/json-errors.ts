import type { Middleware } from 'koa';
import type { RequestErrorBody } from '../../../shared/api/routes.js';
import { ApiError } from '../api-error.js';
import { sendJson } from '../send-json.js';
import { assertWellFormedPath } from './path-encoding.js';

/**
 * Turns every failure into `{"code": <status>, "error": "<message>"}`: thrown ApiErrors, errors
 * with an HTTP status from the body parser, the router's 404/405, and anything unexpected (500,
 * reported through `onUnexpected`, and the server keeps serving). It also refuses malformed
 * paths before anything else looks at them (a check, not a layer of its own: every layer costs
 * on the hottest routes).
 */
export function jsonErrors(onUnexpected: (error: unknown) => void): Middleware {
  return async (ctx, next) => {
    try {
      assertWellFormedPath(pathOf(ctx));
      await next();
      if (ctx.body !== undefined && ctx.body !== null) return;
      if (ctx.status === 404) {
        fail(ctx, 404, `No such endpoint: ${ctx.method} ${ctx.path}`);
      } else if (ctx.status === 405 || ctx.status === 501) {
        // 501 is the router's answer to a method it does not know at all: still a wrong method.
        fail(
          ctx,
          405,
          `Method ${ctx.method} is not allowed on ${ctx.path}. Allowed: ${ctx.response.get('Allow')}.`,
        );
      }
    } catch (error) {
      if (error instanceof ApiError) {
        ctx.set(error.headers);
        fail(ctx, error.status, error.message);
      } else if (isClientHttpError(error)) {
        fail(ctx, error.status, error.message);
      } else {
        onUnexpected(error);
        // Only say "not applied" when it is true: a write may have been applied before the
        // answer failed, and a client that retries a write it believes lost must know.
        fail(
          ctx,
          500,
          ctx.state[APPLIED] === true
            ? 'Internal error in TagSim after the request was applied; read the tags to see its effect.'
            : 'Internal error in TagSim; the request was not applied.',
        );
      }
    }
  };
}

// A key of ctx.state that no other layer uses.
const APPLIED = 'tagsimApplied';

/** Records that the request changed the tags: from here on, a failure must not say it did not. */
export function markApplied(ctx: Parameters<Middleware>[0]): void {
  ctx.state[APPLIED] = true;
}

/** The request's path; a target Koa cannot parse (`http://[::1`) is the client's fault: 400. */
function pathOf(ctx: Parameters<Middleware>[0]): string {
  try {
    return ctx.path;
  } catch {
    throw new ApiError(
      400,
      `The request target ${JSON.stringify(ctx.url.slice(0, 200))} is not a valid URL.`,
    );
  }
}

function fail(ctx: Parameters<Middleware>[0], status: number, error: string): void {
  const body: RequestErrorBody = { code: status, error };
  sendJson(ctx, body, status);
}

/** Errors from koa's own stack (http-errors) that describe the request, not a bug. */
function isClientHttpError(error: unknown): error is { status: number; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true;
}
