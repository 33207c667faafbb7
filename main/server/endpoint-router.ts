import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { writeAnswer, type ApiAnswer } from './api-answer.js';

/** What the endpoint router needs of a route: its method, and its path as @koa/router reads it. */
export interface Endpoint {
  readonly method: string;
  /** `:name` stands for one segment, handed to the route decoded (ctx.params). */
  readonly path: string;
}

/**
 * Declares the routes of TagSim's own APIs (the control API, the lab dashboard) with @koa/router,
 * each answered by `serve`. Unlike the tag API's routes, these take exactly their method: HEAD
 * and OPTIONS are wrong methods here (405), as they always were. A path no route has is left as
 * a 404, a known path with a wrong method as a 405 with its `Allow`: the error writer
 * (json-errors.ts) gives both their JSON body. Routes by `ctx.newRouterPath` when the caller set
 * it (its own path rule), else by the path as sent; case and a trailing `/` count.
 */
export function endpointRouter<R extends Endpoint>(
  routes: readonly R[],
  /** The route's answer; undefined when the route wrote its own (a stream: the lab's plant feed). */
  serve: (route: R, ctx: Context) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>,
): Middleware {
  const router = new Router({ sensitive: true, strict: true });
  for (const route of routes) {
    router.register(route.path, [route.method], async (ctx) => {
      // @koa/router routes HEAD to a GET route too; these APIs refuse it as a wrong method.
      if (ctx.method !== route.method) return;
      const answer = await serve(route, ctx);
      // Written as the direct path writes it (writeHead, then end), keeping the headers already
      // set: Koa's own respond makes the same bytes at a far higher cost per request (writev).
      ctx.respond = false;
      if (answer) writeAnswer(ctx.res, answer);
    });
  }
  const dispatch = router.routes();
  const nothingAfter = () => Promise.resolve();
  return async (ctx) => {
    await dispatch(ctx as Parameters<typeof dispatch>[0], nothingAfter);
    if (ctx.respond === false || ctx.body !== undefined) return;
    const path = (ctx['newRouterPath'] as string | undefined) ?? ctx.path;
    const allowed = router
      .match(path, ctx.method)
      .path.flatMap((layer) => layer.methods)
      .filter((method) => method !== 'HEAD');
    if (allowed.length === 0) {
      ctx.status = 404;
      return;
    }
    ctx.status = 405;
    ctx.set('Allow', allowed.join(', '));
  };
}

/**
 * A mount's middleware (the window's files at /ui) declared with @koa/router for its prefix and
 * every path below it, matched as sent: the prefix itself, `prefix/`, `prefix/anything`. Other
 * paths go on untouched.
 */
export function mountedAt(prefix: string, middleware: Middleware): Middleware {
  const router = new Router({ sensitive: true, strict: true });
  router.all([prefix, `${prefix}/{*rest}`], middleware);
  return router.routes() as Middleware;
}
