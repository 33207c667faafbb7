import type { Context, Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { ApiError } from '../api-error.js';

/**
 * Parses the request body as JSON **whatever the Content-Type says** (none, `text/plain`...):
 * real clients send GET bodies without a JSON type. An empty or all-whitespace body is absent.
 * Routes read the result with `jsonBodyOf`.
 */
export function jsonBody(limitBytes: number): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    detectJSON: () => true,
    strict: false,
    jsonLimit: String(limitBytes), // a unit-less string counts bytes
    onerror: (error: unknown, ctx: Context) => {
      const { type, body } = error as { type?: unknown; body?: unknown };
      if (typeof body === 'string' && body.trim() === '') return; // whitespace only: absent
      if (type === 'entity.too.large') {
        // The parser stopped reading midway (a chunked body) and left the request paused: read
        // off and drop the rest, or a keep-alive connection would hang on its next request.
        ctx.req.resume();
        throw new ApiError(413, `Request body is larger than the limit of ${formatBytes(limitBytes)}.`);
      }
      if (error instanceof SyntaxError) {
        throw new ApiError(400, `Request body is not valid JSON: ${error.message}`);
      }
      throw error;
    },
  });
  return async (ctx, next) => {
    // Most requests carry no body at all; skip the parser's stream machinery for them.
    const { headers } = ctx.req;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
      return next();
    }
    return parse(ctx, next);
  };
}

/** The parsed JSON body, or `undefined` when the request had none (or only whitespace). */
export function jsonBodyOf(ctx: Context): unknown {
  const raw: unknown = ctx.request.rawBody;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return ctx.request.body;
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
