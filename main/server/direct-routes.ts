import type { IncomingMessage, ServerResponse } from 'node:http';
import { routedPath } from '../../shared/api/routes.js';
import { writeAnswer } from './api-answer.js';
import { splitTarget } from '../net/request-target.js';
import { answerRoute, type ApiRequest, type ApiRoute, type RouteSeams } from './api-route.js';

/**
 * Koa's `parseurl` hands a target with any of these to `url.parse`, which reads the query
 * differently (`#` ends it): such a request goes to Koa.
 */
const UNUSUAL_QUERY = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * The direct path: serves the routes of fixed paths (no `:parameter`) straight from the
 * `node:http` listener. Koa's context, middleware chain and router cost more than the answer on
 * the hottest routes (docs/performance.md). It is built from the very route table the Koa router
 * is, and hands each request to the same answerRoute, so there is no second list of routes or
 * handlers to keep in step. It takes only what it answers exactly as Koa would: GET or PUT on one
 * of those paths as routedPath reads them (runs of `/` collapsed, a trailing one dropped) with a
 * plain query; it returns false
 * for everything else (HEAD, OPTIONS, other methods, other paths, odd targets), which goes on to
 * Koa.
 */
export function directRoutes(
  routes: readonly ApiRoute[],
  onUnexpected: (error: unknown) => void,
  seams?: RouteSeams,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Method, then path: no key string to build and hash for every request.
  const byMethod = new Map<string, Map<string, ApiRoute>>();
  for (const route of routes) {
    if (route.path.includes(':')) continue;
    const byPath = byMethod.get(route.method) ?? new Map<string, ApiRoute>();
    byMethod.set(route.method, byPath.set(route.path, route));
  }
  return (req, res) => {
    const byPath = byMethod.get(req.method ?? '');
    if (byPath === undefined) return false;
    const { path, querystring } = splitTarget(req.url);
    const route = byPath.get(routedPath(path));
    if (route === undefined) return false;
    if (UNUSUAL_QUERY.test(querystring)) return false;
    const request: ApiRequest = { req, res, params: {}, querystring, applied: false };
    answerRoute(route, request, onUnexpected, seams, (answer) => writeAnswer(res, answer));
    return true;
  };
}
