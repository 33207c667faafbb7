import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { httpUrl } from '../../shared/core/url-host.js';
import {
  answerToFailure,
  errorAnswer,
  JSON_CONTENT_TYPE,
  writeAnswer,
  type ApiAnswer,
} from '../server/api-answer.js';
import { bearerTokenOf, newAccessToken, tokenMatches } from '../server/access-token.js';
import { DEFAULT_TIMEOUTS, type ServerTimeouts } from '../server/create-api-server.js';
import { answerRendererFile } from '../ui-host/renderer-files.js';
import { isAllowedHost } from '../ui-host/request-guard.js';
import type { DashboardRoute } from './dashboard-routes.js';
import { printable } from '../../shared/problems/message-text.js';

/** The instructor's dashboard while it listens. */
export interface Dashboard {
  readonly url: string;
  readonly token: string;
  /** The address to open, token included. */
  readonly openUrl: string;
  close(): Promise<void>;
}

export interface DashboardServerOptions {
  host: string;
  port: number;
  /** Where the dashboard page's files are (the renderer bundle's `lab/` folder). */
  pageDir: string;
  routes: readonly DashboardRoute[];
  token?: string;
  /** Limits on slow clients; each defaults to the tag API's (DEFAULT_TIMEOUTS). */
  timeouts?: ServerTimeouts;
  onError: (error: unknown) => void;
}

/** Sent with every JSON answer: nothing the dashboard says is to be kept or sniffed. */
const API_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * Serves the dashboard: its page (GET, no token: the page holds nothing) and its JSON API under
 * /api/, where every request must carry the token as `Authorization: Bearer <token>` (compared
 * in constant time). As the browser UI does, it answers only to a Host that is an IP address or
 * localhost (no DNS rebinding), and the slow-client limits of the tag API apply.
 */
export async function startDashboardServer(options: DashboardServerOptions): Promise<Dashboard> {
  const token = options.token ?? newAccessToken();
  const failed = (error: unknown) => answerToFailure(error, false, options.onError);

  const answerApi = async (req: IncomingMessage, path: string): Promise<ApiAnswer> => {
    if (!tokenMatches(token, bearerTokenOf(req.headers.authorization)))
      return errorAnswer(
        401,
        'This dashboard needs its access token: open the exact URL that tagsim lab printed.',
        {
          'WWW-Authenticate': 'Bearer',
        },
      );
    const routes = options.routes.flatMap((route) => {
      const params = route.match(path);
      return params ? [{ route, params }] : [];
    });
    if (routes.length === 0) return errorAnswer(404, `No such dashboard route: ${printable(path)}`);
    const found = routes.find((r) => r.route.method === req.method);
    if (!found) {
      const allow = routes.map((r) => r.route.method).join(', ');
      return errorAnswer(
        405,
        `Method ${printable(req.method ?? '')} is not allowed here. Allowed: ${allow}.`,
        {
          Allow: allow,
        },
      );
    }
    try {
      return await found.route.handle(req, found.params);
    } catch (error) {
      return failed(error);
    }
  };

  const servePage = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const page = await answerRendererFile(options.pageDir, req.method ?? '', path);
    const body = req.method === 'HEAD' ? undefined : page.body;
    res.writeHead(page.status, { ...page.headers, 'Content-Length': page.body?.length ?? 0 });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const path = target.split('?', 1)[0]!;
    if (!isAllowedHost(req.headers.host)) {
      req.resume();
      writeAnswer(res, errorAnswer(403, 'The dashboard answers only to localhost or an IP address.'));
      return;
    }
    if (path === '/api' || path.startsWith('/api/')) {
      const answer = await answerApi(req, path);
      // Whatever of the body no route read is read off, so a keep-alive connection stays usable.
      req.resume();
      const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
      res.writeHead(answer.status, {
        'Content-Type': JSON_CONTENT_TYPE,
        ...API_HEADERS,
        ...answer.headers,
        'Content-Length': body.length,
      });
      res.end(body);
      return;
    }
    req.resume();
    await servePage(req, res, path);
  };

  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const server: Server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        options.onError(error);
        if (!res.headersSent) writeAnswer(res, errorAnswer(500, 'Internal error in the TagSim dashboard.'));
        else res.destroy();
      });
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', options.onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const url = httpUrl(address.address, address.port)
    .replace('//0.0.0.0:', '//127.0.0.1:')
    .replace('//[::]:', '//[::1]:');
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

/** The page's files: the renderer bundle's lab folder. */
export function dashboardPageDir(rendererDir: string): string {
  return join(rendererDir, 'lab');
}
