import type { IncomingMessage, ServerResponse } from 'node:http';
import Koa from 'koa';
import { errorAnswer, jsonAnswer, sendAnswer } from '../server/api-answer.js';
import { endpointRouter } from '../server/endpoint-router.js';
import { jsonErrors } from '../server/middleware/json-errors.js';
import { splitTarget } from '../net/request-target.js';
import { BEARER_CHALLENGE, bearerTokenOf, tokenMatches } from '../net/access-token.js';
import { answerRendererFile } from '../ui-host/renderer-files.js';
import { isAllowedHost } from '../ui-host/request-guard.js';
import type { DashboardRoute } from './dashboard-route.js';

/** What the dashboard's application serves, and with which token. */
export interface DashboardAppOptions {
  /** Where the dashboard page's files are (the renderer bundle's `lab/` folder). */
  pageDir: string;
  routes: readonly DashboardRoute[];
  token: string;
  /** How many stations the lab serves: the open status route says it (GET /healthz). */
  stations: number;
  onError: (error: unknown) => void;
}

/** The lab's status route, open (docs/deploy.md). */
export const HEALTH_PATH = '/healthz';

/** Sent with every JSON answer: nothing the dashboard says is to be kept or sniffed. */
const API_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * The dashboard's Koa application, bound to no port (dashboard-server.ts binds it; tests may use
 * `callback()`): its page (GET, no token: the page holds nothing) and its JSON API under /api/,
 * where every request must carry the token as `Authorization: Bearer <token>` (compared in
 * constant time). As the browser UI does, it answers only to a Host that is an IP address or
 * localhost (no DNS rebinding). Its API routes are declared with @koa/router, its errors written
 * by the tag API's error writer.
 */
export function buildDashboardApp(options: DashboardAppOptions): Koa {
  const { token } = options;
  const app = new Koa();
  app.silent = true;

  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // Only the page's files get here (the API's failures are the error writer's).
      options.onError(error);
      if (ctx.res.headersSent) ctx.res.destroy();
      else {
        ctx.respond = true;
        sendAnswer(ctx, errorAnswer(500, 'Internal error in the TagSim dashboard.'));
      }
    }
  });
  app.use((ctx, next) => {
    if (isAllowedHost(ctx.get('host'))) return next();
    sendAnswer(ctx, errorAnswer(403, 'The dashboard answers only to localhost or an IP address.'));
    return Promise.resolve();
  });
  app.use((ctx, next) => {
    const { path } = splitTarget(ctx.url);
    if (path === HEALTH_PATH && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      // For a container's health check and Kubernetes' probes, which carry no token: it says
      // only that the lab serves, and how many stations (they all listen before the dashboard).
      ctx.set(API_HEADERS);
      sendAnswer(ctx, jsonAnswer({ status: 'serving', stations: options.stations }));
      return Promise.resolve();
    }
    if (path === '/api' || path.startsWith('/api/')) {
      ctx.set(API_HEADERS);
      // The API's routes go by the path as sent: no decoding, no trailing `/` dropped.
      ctx['newRouterPath'] = path;
      return next();
    }
    // The page's files: written as they always were (empty refusals under the page's policy).
    ctx.respond = false;
    return servePage(ctx.req, ctx.res, options.pageDir, path);
  });
  app.use(jsonErrors({ onUnexpected: options.onError }));
  app.use((ctx, next) => {
    if (tokenMatches(token, bearerTokenOf(ctx.get('authorization') || undefined))) return next();
    sendAnswer(
      ctx,
      errorAnswer(
        401,
        'This dashboard needs its access token: open the exact URL that tagsim lab printed.',
        BEARER_CHALLENGE,
      ),
    );
    return Promise.resolve();
  });
  app.use(
    endpointRouter(options.routes, (route, ctx) => route.handle(ctx.req, ctx['params'] ?? {}, ctx.res)),
  );

  return app;
}

/** The dashboard page's file at `path`: GET and HEAD only, empty refusals under the page's policy. */
async function servePage(
  req: IncomingMessage,
  res: ServerResponse,
  pageDir: string,
  path: string,
): Promise<void> {
  req.resume();
  const page = await answerRendererFile(pageDir, req.method ?? '', path);
  res.writeHead(page.status, { ...page.headers, 'Content-Length': page.body?.length ?? 0 });
  res.end(req.method === 'HEAD' ? undefined : page.body);
}
