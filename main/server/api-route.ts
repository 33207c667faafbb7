import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerToFailure, type ApiAnswer } from './api-answer.js';
import type { RequestJournal } from './request-journal.js';

/** One request to a route of the tag API, whichever way it was dispatched. */
export interface ApiRequest {
  /** The request itself: its headers, and its body for the handler that reads one. */
  readonly req: IncomingMessage;
  /** Its response: what the request holds of the server's memory is given back when it is done. */
  readonly res: ServerResponse;
  /** The route's path parameters (`:id`, `:name`), decoded. */
  readonly params: Readonly<Record<string, string | undefined>>;
  /** The query string, without its `?`. */
  readonly querystring: string;
  /** Set by a handler once the request has changed the tags: a later failure must not deny it. */
  applied: boolean;
  /** Bytes of the server's memory budget this request holds (bytes-in-flight.ts). */
  heldBytes?: number;
  /** The body's bytes as read (decoded), for the journal. */
  body?: Buffer;
}

/** What observes or shapes every routed request: the control API's journal (docs/control-api.md). */
export interface RouteSeams {
  readonly journal?: RequestJournal | undefined;
}

/** A route of the tag API: method, path as the vendor documents it, and what it answers. */
export interface ApiRoute {
  readonly method: 'GET' | 'PUT';
  readonly path: string;
  readonly handle: (request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>;
}

/**
 * Answers one request of a route, a failure included. Every request a route serves passes here,
 * on the direct path and through Koa alike: the one place to observe or shape them all.
 * Synchronous when the route is, so that a cached answer costs no promise.
 */
export function answerRoute(
  route: ApiRoute,
  request: ApiRequest,
  onUnexpected: (error: unknown) => void,
  seams?: RouteSeams,
): ApiAnswer | Promise<ApiAnswer> {
  const journal = seams?.journal;
  if (journal === undefined) return answerPlainly(route, request, onUnexpected);
  const startedMs = performance.now();
  const answer = answerPlainly(route, request, onUnexpected);
  if (!(answer instanceof Promise)) {
    journal.record(request.req, startedMs, answer.status, request.body, answer.itemErrors, undefined);
    return answer;
  }
  return answer.then((done) => {
    journal.record(request.req, startedMs, done.status, request.body, done.itemErrors, undefined);
    return done;
  });
}

function answerPlainly(
  route: ApiRoute,
  request: ApiRequest,
  onUnexpected: (error: unknown) => void,
): ApiAnswer | Promise<ApiAnswer> {
  const failed = (error: unknown) => answerToFailure(error, request.applied, onUnexpected);
  try {
    const answer = route.handle(request);
    return answer instanceof Promise ? answer.catch(failed) : answer;
  } catch (error) {
    return failed(error);
  }
}
