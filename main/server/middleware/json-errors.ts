import type { Middleware } from 'koa';
import { answerToFailure, errorAnswer, sendAnswer, type ApiAnswer } from '../api-answer.js';
import { ApiError } from '../api-error.js';
import type { RequestJournal } from '../request-journal.js';
import { assertWellFormedPath } from './path-encoding.js';

/**
 * Turns every failure outside a route into `{"code": <status>, "error": "<message>"}`: the
 * router's 404/405, errors of a mount, a malformed path, and anything unexpected (500, reported
 * through `onUnexpected`, and the server keeps serving). Routes answer their own failures the
 * same way (answerRoute). It also refuses malformed paths before anything else looks at them (a
 * check, not a layer of its own: every layer costs on the hottest routes).
 */
export function jsonErrors(
  onUnexpected: (error: unknown) => void,
  journal?: RequestJournal,
  mountPrefix?: string,
): Middleware {
  return async (ctx, next) => {
    const startedMs = journal ? performance.now() : 0;
    // The journal hears of the requests no route answered (answerRoute records the others).
    const answer = (answer: ApiAnswer) => {
      sendAnswer(ctx, answer);
      if (journal && (mountPrefix === undefined || !(ctx.url ?? '').startsWith(mountPrefix)))
        journal.record(ctx.req, startedMs, answer.status, undefined, undefined, undefined);
    };
    try {
      assertWellFormedPath(pathOf(ctx));
      await next();
      if (ctx.body !== undefined && ctx.body !== null) return;
      if (ctx.status === 404) {
        answer(errorAnswer(404, `No such endpoint: ${ctx.method} ${ctx.path}`));
      } else if (ctx.status === 405 || ctx.status === 501) {
        // 501 is the router's answer to a method it does not know at all: still a wrong method.
        const allowed = ctx.response.get('Allow');
        answer(errorAnswer(405, `Method ${ctx.method} is not allowed on ${ctx.path}. Allowed: ${allowed}.`));
      }
    } catch (error) {
      answer(answerToFailure(error, false, onUnexpected));
    }
  };
}

/** A request target in absolute form (`http://host/path`): its host is parsed too. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The request's path; a target Koa cannot parse (`http://[::1`) is the client's fault: 400. */
function pathOf(ctx: Parameters<Middleware>[0]): string {
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
