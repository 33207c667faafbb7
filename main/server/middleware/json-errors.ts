import type { Context, Middleware } from 'koa';
import { printable } from '../../../shared/problems/message-text.js';
import { answerToFailure, errorAnswer, sendAnswer, type ApiAnswer } from '../api-answer.js';
import { ApiError } from '../api-error.js';
import { splitTarget } from '../../net/request-target.js';
import { assertWellFormedPath } from './path-encoding.js';

export interface JsonErrorsOptions {
  /** Called with every error that became a 500; the server keeps serving. */
  readonly onUnexpected: (error: unknown) => void;
  /**
   * Whether this request's target is refused when malformed (a percent escape that does not
   * decode, a target Koa cannot parse) before anything else reads it. The tag API's rule: its
   * router decodes path parameters.
   */
  readonly checksTarget?: (url: string) => boolean;
  /** Hears of every answer this writer gave (the tag API's journal), with when the request came. */
  readonly answered?: (ctx: Context, startedMs: number, status: number) => void;
}

/**
 * The one error writer of every HTTP surface (tag API, control API, /ui, lab dashboard): turns
 * every failure outside a route into `{"code": <status>, "error": "<message>"}`: a router's 404
 * and 405 (with its `Allow`), errors of a mount, a malformed target, and anything unexpected (500,
 * reported through `onUnexpected`, and the server keeps serving). Routes answer their own failures
 * the same way (answerRoute, answerToFailure).
 */
export function jsonErrors(options: JsonErrorsOptions): Middleware {
  const { onUnexpected, checksTarget, answered } = options;
  return async (ctx, next) => {
    const startedMs = answered ? performance.now() : 0;
    const answer = (answer: ApiAnswer) => {
      sendAnswer(ctx, answer);
      answered?.(ctx, startedMs, answer.status);
    };
    try {
      if (checksTarget?.(ctx.url) === true) assertWellFormedPath(pathOf(ctx));
      await next();
      // Answered already: by Koa (a body), or written by the route itself (endpoint-router.ts).
      if (ctx.respond === false || (ctx.body !== undefined && ctx.body !== null)) return;
      if (ctx.status === 404) {
        answer(errorAnswer(404, `No such endpoint: ${ctx.method} ${shownPath(ctx)}`));
      } else if (ctx.status === 405 || ctx.status === 501) {
        // 501 is the router's answer to a method it does not know at all: still a wrong method.
        const allowed = ctx.response.get('Allow');
        // The router has put its `Allow` on the response already.
        answer(
          errorAnswer(405, `Method ${ctx.method} is not allowed on ${shownPath(ctx)}. Allowed: ${allowed}.`),
        );
      }
    } catch (error) {
      answer(answerToFailure(error, false, onUnexpected));
    }
  };
}

/** The path as sent, as a message may echo it (printable); the raw one when Koa cannot parse it. */
function shownPath(ctx: Context): string {
  try {
    return printable(ctx.path);
  } catch {
    return printable(splitTarget(ctx.url).path);
  }
}

/** A request target in absolute form (`http://host/path`): its host is parsed too. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The request's path; a target Koa cannot parse (`http://[::1`) is the client's fault: 400. */
function pathOf(ctx: Context): string {
  const invalid = () =>
    new ApiError(400, `The request target ${JSON.stringify(ctx.url.slice(0, 200))} is not a valid URL.`);
  // Koa's ctx.path goes through Node's legacy url.parse, which prints a deprecation warning
  // (DEP0170) for an absolute target with an invalid host or port, and will throw in a later
  // Node: such a target is refused before it gets there, so a client cannot make the server warn.
  if (ABSOLUTE_FORM.test(ctx.url) && !URL.canParse(ctx.url)) throw invalid();
  try {
    return ctx.path;
  } catch {
    throw invalid();
  }
}
