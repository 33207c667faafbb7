import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import { answerToFailure, type ApiAnswer } from './api-answer.js';
import { answerWithChaos } from './chaos-answer.js';
import type { RequestJournal } from './request-journal.js';
import { splitTarget } from './request-target.js';

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

/** What observes or shapes every routed request: the control API's journal and chaos (docs/control-api.md). */
export interface RouteSeams {
  readonly journal?: RequestJournal | undefined;
  readonly chaos?: ChaosRules | undefined;
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
  const chaos = seams?.chaos;
  const shot =
    chaos?.armed === true
      ? chaos.pick(request.req.method ?? '', splitTarget(request.req.url).path)
      : undefined;
  if (journal === undefined && shot === undefined) return answerPlainly(route, request, onUnexpected);
  const startedMs = performance.now();
  const answer =
    shot === undefined
      ? answerPlainly(route, request, onUnexpected)
      : answerWithChaos(shot, request, () => answerPlainly(route, request, onUnexpected));
  if (journal === undefined) return answer;
  const record = (done: ApiAnswer) => {
    const status = shot?.reset === true ? null : done.status;
    journal.record(request.req, startedMs, status, request.body, done.itemErrors, shot);
    return done;
  };
  return answer instanceof Promise ? answer.then(record) : record(answer);
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
