import type { IncomingMessage } from 'node:http';
import type { ApiAnswer } from '../server/api-answer.js';

/**
 * A route of the dashboard's JSON API, declared with @koa/router (endpoint-router.ts): its path's
 * `:station` is handed to `handle` decoded.
 */
export interface DashboardRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly handle: (req: IncomingMessage, params: Record<string, string>) => ApiAnswer | Promise<ApiAnswer>;
}
