import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiAnswer } from '../server/api-answer.js';

/**
 * A route of the dashboard's JSON API, declared with @koa/router (endpoint-router.ts): its path's
 * `:station` is handed to `handle` decoded. A route that answers with a stream (the plant feed)
 * writes it on `res` itself and returns undefined.
 */
export interface DashboardRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly handle: (
    req: IncomingMessage,
    params: Record<string, string>,
    res: ServerResponse,
  ) => ApiAnswer | undefined | Promise<ApiAnswer | undefined>;
}
