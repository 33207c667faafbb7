import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { BytesInFlight } from './middleware/bytes-in-flight.js';
import { jsonErrors } from './middleware/json-errors.js';
import { registerTagRoutes } from './routes/tag-routes.js';
import { registerValueRoutes } from './routes/value-routes.js';

export interface AppOptions {
  /** Largest accepted request body in bytes (default 16 MiB); larger ones get 413. */
  bodyLimitBytes: number;
  /** Estimated memory that requests with a body may hold at once; past it they get 503. */
  maxBytesInFlight?: number;
  /** Called with every error that became a 500; the server keeps serving. */
  onUnexpectedError: (error: unknown) => void;
  /** Middleware that sees every request first (a mounted UI, say). */
  before?: readonly Middleware[];
}

/** Builds the Koa application of the tag API without binding a port (tests may use `callback()`). */
export function buildApp(engine: TagEngine, options: AppOptions): Koa {
  const app = new Koa();
  // Koa would print every error; the JSON error middleware reports the unexpected ones instead.
  app.silent = true;

  // Paths are matched as docs/api.md writes them: lower case, one trailing slash tolerated.
  const router = new Router({ sensitive: true, strict: false });
  registerTagRoutes(router, engine);
  registerValueRoutes(router, engine, options.bodyLimitBytes, new BytesInFlight(options.maxBytesInFlight));

  // Outermost, so that whatever a mount or a route throws (or a target nobody can parse) still
  // gets a JSON answer with the right status.
  app.use(jsonErrors(options.onUnexpectedError));
  for (const middleware of options.before ?? []) app.use(middleware);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
