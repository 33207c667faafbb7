import type { Middleware } from 'koa';
import { answerToFailure, errorAnswer, sendAnswer } from '../api-answer.js';
import { ApiError } from '../api-error.js';
import { assertWellFormedPath } from './path-encoding.js';

/**
 * Turns every failure outside a route into `{"code": <status>, "error": "<message>"}`: the
 * router's 404/405, errors of a mount, a malformed path, and anything unexpected (500, reported
 * through `onUnexpected`, and the server keeps serving). Routes answer their own failures the
 * same way (answerRoute). It also refuses malformed paths before anything else looks at them (a
 * check, not a layer of its own: every layer costs on the hottest routes).
 */
export function jsonErrors(onUnexpected: (error: unknown) => void): Middleware {
  return async (ctx, next) => {
    try {
      assertWellFormedPath(pathOf(ctx));
      await next();
      if (ctx.body !== undefined && ctx.body !== null) return;
      if (ctx.status === 404) {
        sendAnswer(ctx, errorAnswer(404, `No such endpoint: ${ctx.method} ${ctx.path}`));
      } else if (ctx.status === 405 || ctx.status === 501) {
        // 501 is the router's answer to a method it does not know at all: still a wrong method.
        const allowed = ctx.response.get('Allow');
        sendAnswer(
          ctx,
          errorAnswer(405, `Method ${ctx.method} is not allowed on ${ctx.path}. Allowed: ${allowed}.`),
        );
      }
    } catch (error) {
      sendAnswer(ctx, answerToFailure(error, false, onUnexpected));
    }
  };
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
