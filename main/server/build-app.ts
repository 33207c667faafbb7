import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import { routedPath } from '../../shared/api/routes.js';
import { sendAnswer, type ApiAnswer } from './api-answer.js';
import { answerRoute, type ApiRoute, type RouteSeams } from './api-route.js';
import { jsonErrors } from './middleware/json-errors.js';

export interface AppOptions {
  /** Called with every error that became a 500; the server keeps serving. */
  onUnexpectedError: (error: unknown) => void;
  /**
   * Middleware that sees every request first (the control API, a mounted UI), in order, after
   * the error writer: each answers its own paths and hands the rest on.
   */
  before?: readonly Middleware[];
  /** The journal and chaos of the control API, if any. */
  seams?: RouteSeams;
  /**
   * Whether a malformed target is refused (400) before anything reads it; every request's is
   * unless this says otherwise (the control API routes its paths undecoded: its 404 stays a 404).
   */
  checksTarget?: (url: string) => boolean;
  /** Whether a request is not the tag API's (a mount's, the control API's): the journal leaves it out. */
  notTagApi?: (url: string) => boolean;
}

/**
 * Builds the Koa application of the tag API from its route table, without binding a port (tests
 * may use `callback()`). It serves every request the direct path leaves to it: HEAD, OPTIONS,
 * wrong methods, unknown paths, path parameters, a mounted UI.
 */
export function buildApp(routes: readonly ApiRoute[], options: AppOptions): Koa {
  const app = new Koa();
  // Koa would print every error; the JSON error middleware reports the unexpected ones instead.
  app.silent = true;

  // Paths are matched as written in the spec, in lower case, after routedPath (runs of `/`
  // collapsed, a trailing one dropped), which the direct path also routes by.
  const router = new Router({ sensitive: true, strict: false });
  for (const route of routes) {
    const handler: Middleware = async (ctx) => {
      const request = {
        req: ctx.req,
        res: ctx.res,
        params: ctx['params'] ?? {},
        querystring: ctx.querystring,
        applied: false,
      };
      const answer = await new Promise<ApiAnswer>((resolve) =>
        answerRoute(route, request, options.onUnexpectedError, options.seams, resolve),
      );
      sendAnswer(ctx, answer);
    };
    if (route.method === 'GET') router.get(route.path, handler);
    else router.put(route.path, handler);
  }

  // Outermost, so that whatever a mount or a route throws (or a target nobody can parse) still
  // gets a JSON answer with the right status.
  const journal = options.seams?.journal;
  const notTagApi = options.notTagApi ?? (() => false);
  app.use(
    jsonErrors({
      onUnexpected: options.onUnexpectedError,
      checksTarget: options.checksTarget ?? (() => true),
      // The journal hears of the tag API's requests no route answered (answerRoute records the others).
      ...(journal
        ? {
            answered: (ctx, startedMs, status) => {
              if (!notTagApi(ctx.url ?? ''))
                journal.record(ctx.req, startedMs, status, undefined, undefined, undefined);
            },
          }
        : {}),
    }),
  );
  for (const middleware of options.before ?? []) app.use(middleware);
  app.use((ctx, next) => {
    // @koa/router routes by `newRouterPath` when it is set; messages keep the path as sent.
    ctx['newRouterPath'] = routedPath(ctx.path);
    return next();
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
