import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import { answerToFailure, type ApiAnswer } from './api-answer.js';
import { answerWithChaos } from './chaos-answer.js';
import type { RequestJournal } from '../journal/request-journal.js';
import { splitTarget } from '../net/request-target.js';

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
 * Answers one request of a route, a failure included, and hands the answer to `deliver`. Every
 * request a route serves passes here, on the direct path and through Koa alike: the one place to
 * observe or shape them all. `deliver` runs at once when the route answers synchronously (a
 * cached answer costs no promise), else once its promise settles: one step, not a chain of
 * `.catch`, `.then(record)` and `.then(write)` (each a promise and a microtask of every write).
 * What `deliver` or the journal throws goes to `onUnexpected`; the answer is delivered anyway.
 */
export function answerRoute(
  route: ApiRoute,
  request: ApiRequest,
  onUnexpected: (error: unknown) => void,
  seams: RouteSeams | undefined,
  deliver: (answer: ApiAnswer) => void,
): void {
  const journal = seams?.journal;
  const chaos = seams?.chaos;
  const shot =
    chaos?.armed === true
      ? chaos.pick(request.req.method ?? '', splitTarget(request.req.url).path)
      : undefined;
  const startedMs = journal === undefined ? 0 : performance.now();
  const settle = (answer: ApiAnswer) => {
    // A journal that fails must not cost the client its answer.
    if (journal !== undefined) {
      try {
        const status = shot?.reset === true ? null : answer.status;
        journal.record(request.req, startedMs, status, request.body, answer.itemErrors, shot);
      } catch (error) {
        onUnexpected(error);
      }
    }
    try {
      deliver(answer);
    } catch (error) {
      onUnexpected(error);
    }
  };
  const failed = (error: unknown) => settle(answerToFailure(error, request.applied, onUnexpected));
  let answer: ApiAnswer | Promise<ApiAnswer>;
  try {
    answer =
      shot === undefined
        ? route.handle(request)
        : answerWithChaos(shot, request, () => answerPlainly(route, request, onUnexpected));
  } catch (error) {
    failed(error);
    return;
  }
  if (answer instanceof Promise) answer.then(settle, failed);
  else settle(answer);
}

/** The route's answer, or the answer to its failure: what chaos holds back before it is sent. */
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
