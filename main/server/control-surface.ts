import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerToFailure, errorAnswer, writeAnswer, type ApiAnswer } from './api-answer.js';
import type { ApiError } from './api-error.js';
import type { ApiRequest } from './api-route.js';
import type { BytesInFlight } from './bytes-in-flight.js';
import { hasBody, type JsonBodyReader } from './json-body.js';
import type { RequestJournal } from './request-journal.js';
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
 * Serves the control API's routes straight from the `node:http` listener, with the tag API's
 * error shape (`{"code","error"}`), body reader and memory budget. It is apart from the tag API's
 * route table so that nothing of it touches the tag API's answers, its journal or its chaos.
 */
export function controlDispatcher(
  surface: ControlSurface,
  readJson: JsonBodyReader,
  budget: BytesInFlight,
  onUnexpected: (error: unknown) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const byPath = new Map<string, ControlRoute[]>();
  for (const route of surface.routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<ApiAnswer> => {
    const refused = surface.refuse?.(req);
    if (refused) return errorAnswer(refused.status, refused.message, refused.headers);
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    let path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const routes = byPath.get(path);
    const method = req.method ?? '';
    if (!routes) return errorAnswer(404, `No such endpoint: ${method} ${printable(path)}`);
    const route = routes.find((r) => r.method === method);
    if (!route) {
      const allowed = routes.map((r) => r.method).join(', ');
      return errorAnswer(405, `Method ${printable(method)} is not allowed on ${path}. Allowed: ${allowed}.`, {
        Allow: allowed,
      });
    }
    const request: ApiRequest = { req, res, params: {}, querystring: '', applied: false };
    const body = async (): Promise<unknown> => {
      if (!hasBody(req)) return undefined;
      budget.admitBody(request, readJson.limitBytes);
      return (await readJson(req)).value;
    };
    const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
    const known = route.query ?? [];
    const unknown = [...query.keys()].find((key) => !known.includes(key));
    if (unknown !== undefined)
      return errorAnswer(
        400,
        `Unknown query parameter "${printable(unknown)}"; ` +
          (known.length > 0 ? `known: ${known.join(', ')}.` : `${method} ${path} takes none.`),
      );
    if (!route.body) {
      const sent = await body();
      if (sent !== undefined && !(isRecord(sent) && Object.keys(sent).length === 0))
        return errorAnswer(400, `${method} ${path} takes no request body; send none (or {}).`);
    }
    return route.handle({ req, query, body });
  };

  return (req, res) => {
    answer(req, res)
      .catch((error: unknown) => answerToFailure(error, false, onUnexpected))
      .then((a) => writeAnswer(res, a))
      .catch(onUnexpected);
  };
}
