import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { errorAnswer, sendAnswer, type ApiAnswer } from './api-answer.js';
import type { ApiError } from './api-error.js';
import type { ApiRequest } from './api-route.js';
import type { BytesInFlight } from './bytes-in-flight.js';
import { endpointRouter } from './endpoint-router.js';
import { hasBody, type JsonBodyReader } from './json-body.js';
import { splitTarget } from '../net/request-target.js';
import type { RequestJournal } from '../journal/request-journal.js';
import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import { isRecord } from '../../shared/problems/json-words.js';
import { printable } from '../../shared/problems/message-text.js';

/** Where TagSim's own API lives: a path the simulator does not have (docs/control-api.md). */
export const CONTROL_PREFIX = '/tagsim/v1';

export type ControlMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** One request to the control API. */
export interface ControlRequest {
  readonly req: IncomingMessage;
  readonly query: URLSearchParams;
  /** The JSON body, read within the server's limits; `undefined` when there is none. */
  body(): Promise<unknown>;
}

/** A route of the control API: method, full path, and what it answers. */
export interface ControlRoute {
  readonly method: ControlMethod;
  readonly path: string;
  readonly handle: (request: ControlRequest) => ApiAnswer | Promise<ApiAnswer>;
  /** The query parameters it reads; any other is refused with 400 before it acts. None if absent. */
  readonly query?: readonly string[];
  /**
   * Whether it reads a JSON body. A route that does not refuses one with 400 before it acts (an
   * empty object `{}` aside, which some clients send with every POST), so a request that meant
   * something else changes nothing.
   */
  readonly body?: boolean;
}

/** What a host puts beside the tag API on the same port. */
export interface ControlSurface {
  readonly routes: readonly ControlRoute[];
  /** Why this request may not use the control API (a 401 or 403), or `undefined` when it may. */
  readonly refuse?: (req: IncomingMessage) => ApiError | undefined;
  /** Where every request to the tag API is recorded (request-journal.ts). */
  readonly journal?: RequestJournal;
  /** Rules that make requests to the tag API slow, fail or drop (chaos-answer.ts). */
  readonly chaos?: ChaosRules;
}

/** Whether a request's path is the control API's (`/tagsim/v1` or below it). */
export function isControlPath(url: string): boolean {
  return (
    url.startsWith(CONTROL_PREFIX) &&
    (url.length === CONTROL_PREFIX.length || '/?'.includes(url[CONTROL_PREFIX.length]!))
  );
}

/**
 * The control API's routes, declared with @koa/router in the tag API's Koa application, with the
 * tag API's error shape (`{"code","error"}`, the one error writer), body reader and memory
 * budget. It answers every path under /tagsim/v1 itself (never handing one on), and apart from
 * the tag API's route table, so that nothing of it touches the tag API's answers, its journal or
 * its chaos. Its path rule is its own, as ever: one trailing `/` dropped, nothing collapsed.
 */
export function controlRoutes(
  surface: ControlSurface,
  readJson: JsonBodyReader,
  budget: BytesInFlight,
): Middleware {
  const serve = endpointRouter(surface.routes, async (route, ctx): Promise<ApiAnswer> => {
    const { req, res, method } = ctx;
    const { path: sent, querystring } = splitTarget(ctx.url);
    const path = controlPath(sent);
    const request: ApiRequest = { req, res, params: {}, querystring: '', applied: false };
    const body = async (): Promise<unknown> => {
      if (!hasBody(req)) return undefined;
      budget.admitBody(request, readJson.limitBytes);
      return (await readJson(req)).value;
    };
    const query = new URLSearchParams(querystring);
    const known = route.query ?? [];
    const unknown = [...query.keys()].find((key) => !known.includes(key));
    if (unknown !== undefined)
      return errorAnswer(
        400,
        `Unknown query parameter "${printable(unknown)}"; ` +
          (known.length > 0 ? `known: ${known.join(', ')}.` : `${method} ${path} takes none.`),
      );
    if (!route.body) {
      const sentBody = await body();
      if (sentBody !== undefined && !(isRecord(sentBody) && Object.keys(sentBody).length === 0))
        return errorAnswer(400, `${method} ${path} takes no request body; send none (or {}).`);
    }
    return route.handle({ req, query, body });
  });

  return (ctx, next) => {
    if (!isControlPath(ctx.url)) return next();
    const refused = surface.refuse?.(ctx.req);
    if (refused) {
      sendAnswer(ctx, errorAnswer(refused.status, refused.message, refused.headers));
      return Promise.resolve();
    }
    ctx['newRouterPath'] = controlPath(splitTarget(ctx.url).path);
    return serve(ctx, next);
  };
}

/** The path the control API routes by: as sent, but for one trailing `/`. */
function controlPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
