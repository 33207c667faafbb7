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
    // `__proto__` is a key like any other in JSON (JSON.parse makes it an own property and
    // pollutes nothing); the parser's default would refuse the whole body as invalid JSON.
    ...({ onProtoPoisoning: 'ignore' } as object),
    onerror: (error: unknown, ctx: Context) => {
      const { type, body, status, code } = error as {
        type?: unknown;
        body?: unknown;
        status?: unknown;
        code?: unknown;
      };
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
      const encoding = ctx.get('content-encoding');
      if (status === 415) {
        ctx.req.resume();
        throw new ApiError(
          415,
          `Content-Encoding '${printable(encoding)}' is not supported; send the body as gzip, deflate, br or identity.`,
        );
      }
      if (typeof code === 'string' && /^(Z_|ERR__ERROR)/.test(code)) {
        // zlib (Z_DATA_ERROR...) or brotli (ERR__ERROR_FORMAT_...) could not decode what the
        // client declared: the client's fault, not ours.
        ctx.req.resume();
        throw new ApiError(
          400,
          `Request body is not valid ${printable(encoding)} data: ${(error as Error).message}.`,
        );
      }
      throw error;
    },
  });
  const done = async () => undefined;
  return async (ctx) => {
    // Content codings are case-insensitive (RFC 9110); the decoder knows them in lower case.
    const encoding = ctx.req.headers['content-encoding'];
    if (encoding !== undefined) ctx.req.headers['content-encoding'] = encoding.trim().toLowerCase();
    await parse(ctx, done);
    return parsedBody(ctx);
  };
}

/** At most this many items in one body: past it, a request's work and answer would be unbounded. */
export const MAX_ITEMS = 100_000;

/**
 * Refuses a body array of more than MAX_ITEMS items (413), before any item is looked at: a
 * small body of many bad items would otherwise answer many times its size in per-item errors.
 */
export function assertItemCount(items: readonly unknown[]): void {
  if (items.length > MAX_ITEMS) throw new ApiError(413, `Request has too many items (at most ${MAX_ITEMS}).`);
}

/** A client's header value, safe to echo in a message: control characters escaped, bounded length. */
function printable(text: string): string {
  const escaped = JSON.stringify(text.slice(0, 64)).slice(1, -1);
  return text.length > 64 ? `${escaped}...` : escaped;
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
