import type { Context } from 'koa';
import bodyParser from 'koa-bodyparser';
import { ApiError } from '../api-error.js';

/** Reads a request's JSON body: the parsed value, or `undefined` when there is none. */
export type JsonBodyReader = (ctx: Context) => Promise<unknown>;

/**
 * Makes the reader of request bodies, parsed as JSON **whatever the Content-Type says** (none,
 * `text/plain`...): real clients send GET bodies without a JSON type. An empty or all-whitespace
 * body is absent. Handlers call it themselves rather than through a middleware layer, so that the
 * many requests without a body (every plain GET) pay nothing for it.
 */
export function jsonBodyReader(limitBytes: number): JsonBodyReader {
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
  const done = async () => undefined;
  return async (ctx) => {
    await parse(ctx, done);
    return parsedBody(ctx);
  };
}

/** Whether the request announces a body at all (a length or chunked framing). */
export function hasBody(ctx: Context): boolean {
  const { headers } = ctx.req;
  return headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
}

function parsedBody(ctx: Context): unknown {
  const raw: unknown = ctx.request.rawBody;
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  return ctx.request.body;
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
