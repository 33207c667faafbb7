import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import Koa from 'koa';
import { errorAnswer, jsonAnswer, sendAnswer } from '../server/api-answer.js';
import { createHttpServer, listenHttp, type ServerTimeouts } from '../net/bind-server.js';
import { endpointRouter } from '../server/endpoint-router.js';
import { jsonErrors } from '../server/middleware/json-errors.js';
import { splitTarget } from '../net/request-target.js';
import { BEARER_CHALLENGE, bearerTokenOf, newAccessToken, tokenMatches } from '../net/access-token.js';
import { answerRendererFile } from '../ui-host/renderer-files.js';
import { isAllowedHost } from '../ui-host/request-guard.js';
import type { DashboardRoute } from './dashboard-route.js';
import type { Dashboard } from './lab-types.js';

export interface DashboardServerOptions {
  host: string;
  port: number;
  /** Where the dashboard page's files are (the renderer bundle's `lab/` folder). */
  pageDir: string;
  routes: readonly DashboardRoute[];
  token?: string;
  /** How many stations the lab serves: the open status route says it (GET /healthz). */
  stations: number;
  /** Limits on slow clients; each defaults to the tag API's (DEFAULT_TIMEOUTS). */
  timeouts?: ServerTimeouts;
  onError: (error: unknown) => void;
}

/** The lab's status route, open (docs/deploy.md). */
export const HEALTH_PATH = '/healthz';

/** Sent with every JSON answer: nothing the dashboard says is to be kept or sniffed. */
const API_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * Serves the dashboard: its page (GET, no token: the page holds nothing) and its JSON API under
 * /api/, where every request must carry the token as `Authorization: Bearer <token>` (compared
 * in constant time). As the browser UI does, it answers only to a Host that is an IP address or
 * localhost (no DNS rebinding), and the slow-client limits of the tag API apply. One Koa
 * application, its API routes declared with @koa/router, its errors written by the tag API's
 * error writer, its server made and bound as the tag API's is (bind-server.ts).
 */
export async function startDashboardServer(options: DashboardServerOptions): Promise<Dashboard> {
  const token = options.token ?? newAccessToken();
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
  app.use(endpointRouter(options.routes, (route, ctx) => route.handle(ctx.req, ctx['params'] ?? {})));

  const server = createHttpServer(options.timeouts, app.callback());
  const { url: boundUrl } = await listenHttp(server, options.port, options.host, options.onError);
  const url = boundUrl.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
  return {
    url,
    token,
    openUrl: `${url}/?token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
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

/** The page's files: the renderer bundle's lab folder. */
export function dashboardPageDir(rendererDir: string): string {
  return join(rendererDir, 'lab');
}
