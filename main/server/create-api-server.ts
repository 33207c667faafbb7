import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import { Emitter } from '../../shared/core/emitter.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { createHttpServer, listenHttp, type ServerTimeouts } from '../net/bind-server.js';
import { buildApp } from './build-app.js';
import { directRoutes } from './direct-routes.js';
import { mountedAt } from './endpoint-router.js';
import { serveUpgradeAsPlainHttp } from '../net/plain-http-upgrade.js';
import { ServerLife } from '../net/server-life.js';
import { apiRoutes } from './routes/api-routes.js';
import { BytesInFlight } from './bytes-in-flight.js';
import { controlRoutes, isControlPath, type ControlSurface } from './control-surface.js';
import { splitTarget } from '../net/request-target.js';
import { jsonBodyReader } from './json-body.js';

export const DEFAULT_PORT = 7410;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024 * 1024;
/** How long close() lets a request under way finish before it ends its socket. */
export const CLOSE_GRACE_MS = 1000;

export { DEFAULT_TIMEOUTS, type ServerTimeouts } from '../net/bind-server.js';

export interface ApiServerOptions {
  /** Interface to bind; loopback unless told otherwise. */
  host?: string;
  /** Port to bind; 0 picks a free one. */
  port?: number;
  bodyLimitBytes?: number;
  /** Estimated memory requests with a body may hold at once (default 512 MiB); past it, 503. */
  maxBytesInFlight?: number;
  /** Limits on slow clients; each defaults to DEFAULT_TIMEOUTS. */
  timeouts?: ServerTimeouts;
  /** More on the same port (the browser UI): tried before the API, not counted as API traffic. */
  mount?: ServerMount;
  /** TagSim's own API under /tagsim/v1 (control-surface.ts); without it, those paths are unknown. */
  control?: ControlSurface;
  /**
   * Where answered requests are reported (`events.request`; default: an emitter of its own). A
   * host that outlives its servers passes the one it keeps: requests are observed only while it
   * has a listener, so a server nobody watches pays nothing per request.
   */
  requests?: Emitter<RequestEvent>;
}

/** Extra surface a host adds to the server: Koa middleware and WebSocket upgrades. */
export interface ServerMount {
  /** Paths under this prefix belong to the mount and are not counted as API requests. */
  pathPrefix?: string;
  /**
   * Handles its own paths and calls `next()` for every other request. With a `pathPrefix` it sees
   * only what the direct path leaves to Koa (never the API's GETs and PUTs on fixed paths);
   * without one, every request goes through Koa so that it sees them all.
   */
  middleware?: Middleware;
  /**
   * Takes an HTTP upgrade; returns false when it is not for this mount: the request is then
   * served as an ordinary HTTP/1.1 request (an `Upgrade: h2c` offer is simply not taken).
   */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
}

/** One answered request, for live statistics (requests per second, distinct clients). */
export interface RequestEvent {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  remoteAddress: string;
}

/** What the server reports; one listener module can log it in every host (CLI, Electron). */
export interface ApiServerEvents {
  request: Emitter<RequestEvent>;
  /** Errors that became a 500 (the server keeps serving) and listener failures. */
  error: Emitter<unknown>;
}

export interface ApiServer {
  /** The Koa application; `app.callback()` serves without a port. */
  readonly app: Koa;
  readonly events: ApiServerEvents;
  /** Binds the port; rejects with the system error (EADDRINUSE, EACCES...) when it cannot. */
  listen(): Promise<{ url: string; host: string; port: number }>;
  /**
   * Stops accepting connections and closes the open ones, idle keep-alive sockets at once; a
   * request under way gets up to CLOSE_GRACE_MS to be answered.
   */
  close(): Promise<void>;
  /** The URL while listening, else `undefined`. */
  readonly url: string | undefined;
}

/**
 * Creates the tag API server around an engine. Settings come in as options, never from app
 * settings, so the CLI and the Electron shell construct the very same server.
 */
export function createApiServer(engine: TagEngine, options: ApiServerOptions = {}): ApiServer {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const error = new Emitter<unknown>(() => undefined);
  const request = options.requests ?? new Emitter<RequestEvent>((e) => error.emit(e));
  const onUnexpectedError = (e: unknown) => error.emit(e);
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const budget = new BytesInFlight(options.maxBytesInFlight);
  const routes = apiRoutes(engine, bodyLimitBytes, budget);
  const mountPrefix = options.mount?.pathPrefix;
  const seams = { journal: options.control?.journal, chaos: options.control?.chaos };
  const upgraded = new Set<Duplex>();
  const control = options.control !== undefined;
  const notTagApi = (url: string) =>
    (mountPrefix !== undefined && url.startsWith(mountPrefix)) || (control && isControlPath(url));
  const app = buildApp(routes, {
    onUnexpectedError,
    before: [
      // The control API first, as ever: a mount that names no prefix never sees its requests.
      ...(options.control ? [controlRoutes(options.control, jsonBodyReader(bodyLimitBytes), budget)] : []),
      ...(options.mount?.middleware
        ? [
            mountPrefix === undefined
              ? options.mount.middleware
              : mountedAt(mountPrefix, options.mount.middleware),
          ]
        : []),
    ],
    seams,
    notTagApi,
    checksTarget: (url) => !(control && isControlPath(url)),
  });
  // A mount's paths are its own; a mount that names no prefix may take any path, so then every
  // request goes through Koa, where the mount sees it first.
  const direct =
    options.mount?.middleware && mountPrefix === undefined
      ? undefined
      : directRoutes(
          routes.filter((route) => mountPrefix === undefined || !route.path.startsWith(mountPrefix)),
          onUnexpectedError,
          seams,
        );

  const observe = (req: IncomingMessage, res: ServerResponse) => {
    const { path } = splitTarget(req.url ?? '/');
    const started = performance.now();
    res.once('finish', () =>
      request.emit({
        method: req.method ?? '',
        path,
        status: res.statusCode,
        durationMs: performance.now() - started,
        remoteAddress: req.socket.remoteAddress ?? '',
      }),
    );
  };
  // A new server for each listen: the tag API can be stopped and started again (the desktop's tray).
  const makeServer = () => {
    const handle = app.callback();
    // Every request starts here: the tag API's hot routes are answered by the direct path,
    // everything else by Koa. Observed at the socket level, not as a Koa layer: nothing is paid
    // when nobody listens, and what is not the tag API's (control API, mount) is not counted.
    const s = createHttpServer(options.timeouts, (req, res) => {
      if (request.size > 0 && !notTagApi(req.url ?? '')) observe(req, res);
      if (direct?.(req, res) !== true) void handle(req, res);
    });
    // Without an upgrade listener Node serves a request offering an upgrade as a plain one.
    const upgrade = options.mount?.upgrade;
    if (upgrade)
      s.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Node has taken its own error listener off this socket: a reset must not crash us.
        socket.on('error', () => socket.destroy());
        // Nor does closeAllConnections reach it any more: close() ends it itself.
        upgraded.add(socket);
        socket.once('close', () => upgraded.delete(socket));
        let taken: boolean;
        try {
          taken = upgrade(req, socket, head);
        } catch (e) {
          error.emit(e);
          socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        if (!taken) serveUpgradeAsPlainHttp(s, req, socket, head);
      });
    return s;
  };
  const life = new ServerLife<Server>('server');
  let url: string | undefined;

  return {
    app,
    events: { request, error },
    get url() {
      return url;
    },
    listen() {
      return life
        .listen(makeServer, (s) => listenHttp(s, port, host, (e) => error.emit(e)))
        .then((address) => {
          url = address.url;
          return { url, host: address.host, port: address.port };
        });
    },
    close() {
      url = undefined;
      let grace: NodeJS.Timeout | undefined;
      return life
        .close((s) => {
          // A request under way (a clock advance that a run's end cut short) gets its answer: idle
          // sockets go now, busy ones once answered, and whatever is left after a short grace.
          grace = setTimeout(() => s.closeAllConnections(), CLOSE_GRACE_MS);
          s.closeIdleConnections();
          // A socket an upgrade took (a window's WebSocket, one still waiting to be served as plain
          // HTTP) would otherwise keep the port, and this close, waiting for its client.
          for (const socket of upgraded) socket.destroy();
          upgraded.clear();
        })
        .finally(() => clearTimeout(grace));
    },
  };
}
