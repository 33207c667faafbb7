import type Router from '@koa/router';
import type { Context } from 'koa';
import { READ_ROUTES, RELEASE_ROUTES, WRITE_ROUTES } from '../../../shared/api/routes.js';
import type { RefKind, TagEngine } from '../../../shared/core/tag-engine.js';
import { ApiError } from '../api-error.js';
import { markApplied } from '../middleware/json-errors.js';
import { sendJson } from '../send-json.js';
import { assertItemCount, hasBody, jsonBodyReader } from '../middleware/json-body.js';
import type { BytesInFlight } from '../middleware/bytes-in-flight.js';

/** Reads a request's JSON body within the server's memory budget; `undefined` when it has none. */
type BudgetedBodyReader = (ctx: Context) => Promise<unknown>;

/** The value routes: reads (GET with an optional body), writes, forces, releases and failures. */
export function registerValueRoutes(
  router: Router,
  engine: TagEngine,
  bodyLimitBytes: number,
  budget: BytesInFlight,
): void {
  const parse = jsonBodyReader(bodyLimitBytes);
  const readBody: BudgetedBodyReader = async (ctx) => {
    budget.admitBody(ctx, bodyLimitBytes);
    const body = await parse(ctx);
    // Every answer item may echo what the client sent: reserve for the answer before any work.
    if (Array.isArray(body)) {
      assertItemCount(body);
      budget.admitAnswer(ctx, body.length, rawLength(ctx));
    }
    return body;
  };

  for (const { path, by } of READ_ROUTES) {
    router.get(path, async (ctx) => {
      // The body is optional here: a plain GET (the common case) reads every value at once.
      if (!hasBody(ctx)) return sendJson(ctx, engine.readValues(by));
      const tags = engine.viewOfCurrentScene(); // finish against this scene, even if another loads meanwhile
      const refs = await readBody(ctx);
      if (refs !== undefined && !Array.isArray(refs)) throw notAnArray(refDescription(by));
      if (refs !== undefined) assertItemCount(refs);
      sendJson(ctx, tags.readValues(by, refs));
    });
  }

  for (const { path, operation, by } of WRITE_ROUTES) {
    router.put(path, async (ctx) => {
      const tags = engine.viewOfCurrentScene();
      const items = await requireArray(ctx, readBody, `{"${by}": ..., "value": ...} items`);
      const errors = tags.write(operation, by, items);
      markApplied(ctx);
      sendJson(ctx, errors);
    });
  }

  for (const { path, by } of RELEASE_ROUTES) {
    router.put(path, async (ctx) => {
      const tags = engine.viewOfCurrentScene();
      const errors = tags.release(by, await requireArray(ctx, readBody, refDescription(by)));
      markApplied(ctx);
      sendJson(ctx, errors);
    });
  }
}

function refDescription(by: RefKind): string {
  return by === 'id' ? 'tag id strings' : 'tag name strings';
}

async function requireArray(ctx: Context, readBody: BudgetedBodyReader, what: string): Promise<unknown[]> {
  const value = hasBody(ctx) ? await readBody(ctx) : undefined;
  if (value === undefined) throw new ApiError(400, `Request body is required: a JSON array of ${what}.`);
  if (!Array.isArray(value)) throw notAnArray(what);
  assertItemCount(value);
  return value;
}

function rawLength(ctx: Context): number {
  const raw: unknown = ctx.request.rawBody;
  return typeof raw === 'string' ? raw.length : 0;
}

function notAnArray(what: string): ApiError {
  return new ApiError(400, `Request body must be a JSON array of ${what}.`);
}
