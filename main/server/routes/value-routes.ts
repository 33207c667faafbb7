import { READ_ROUTES, RELEASE_ROUTES, WRITE_ROUTES } from '../../../shared/api/routes.js';
import type { ItemError, RefKind, TagEngine } from '../../../shared/core/tag-engine.js';
import { itemErrorsAnswer, jsonTextAnswer, type ApiAnswer } from '../api-answer.js';
import { ApiError } from '../api-error.js';
import type { ApiRequest, ApiRoute } from '../api-route.js';
import type { BytesInFlight } from '../bytes-in-flight.js';
import { assertItemCount, hasBody, type JsonBodyReader } from '../json-body.js';
import { versionedJsonArray } from '../versioned-json.js';

/** The value routes: reads (GET with an optional body), writes, forces, releases and failures. */
export function valueRoutes(engine: TagEngine, readJson: JsonBodyReader, budget: BytesInFlight): ApiRoute[] {
  // Bodies are read within the server's memory budget, and so are the answers they may cause:
  // every answer item may echo what the client sent.
  // `use` runs in the read's own promise step: a write waits on no more steps than it must.
  const readBody = <T>(request: ApiRequest, use: (value: unknown) => T): Promise<T> => {
    budget.admitBody(request, readJson.limitBytes);
    // The journal keeps what the client sent even when it is not JSON: that is what its author
    // needs to see.
    return readJson(request.req, (raw) => (request.body = raw)).then(({ value, bytes }) => {
      if (Array.isArray(value)) {
        assertItemCount(value);
        budget.admitAnswer(request, value.length, bytes);
      }
      return use(value);
    });
  };

  /**
   * Answers a batch (write or release) once its body has come: the items are checked as such a
   * body must be, and `apply` runs in the same promise step (a write waits on no more steps).
   */
  const withItems = (
    request: ApiRequest,
    what: string,
    apply: (tags: TagEngine, items: unknown[]) => ItemError[],
  ) => {
    if (!hasBody(request.req)) throw bodyRequired(what);
    const tags = engine.viewOfCurrentScene(); // finish against this scene, even if another loads meanwhile
    return readBody(request, (value) => {
      const errors = apply(tags, requireArray(value, what));
      request.applied = true;
      return itemErrorsAnswer(errors);
    });
  };

  const everyValue: Record<RefKind, () => Buffer> = {
    id: versionedJsonArray(engine, () => engine.readValuesJsonItems('id')),
    name: versionedJsonArray(engine, () => engine.readValuesJsonItems('name')),
  };

  const readSome = (request: ApiRequest, by: RefKind) => {
    const tags = engine.viewOfCurrentScene(); // finish against this scene, even if another loads meanwhile
    return readBody(request, (refs): ApiAnswer => {
      if (refs === undefined) return jsonTextAnswer(tags.readValuesJson(by));
      if (!Array.isArray(refs)) throw notAnArray(refDescription(by));
      const itemErrors: ItemError[] = [];
      return { status: 200, body: tags.readValuesJson(by, refs, itemErrors), itemErrors };
    });
  };

  const reads = READ_ROUTES.map(({ path, by }): ApiRoute => ({
    method: 'GET',
    path,
    handle: (request) => {
      // The body is optional here: a plain GET (the common case) reads every value at once.
      if (!hasBody(request.req)) return jsonTextAnswer(everyValue[by]());
      return readSome(request, by);
    },
  }));

  const writes = WRITE_ROUTES.map(({ path, operation, by }): ApiRoute => ({
    method: 'PUT',
    path,
    handle: (request) =>
      withItems(request, `{"${by}": ..., "value": ...} items`, (tags, items) =>
        tags.write(operation, by, items),
      ),
  }));

  const releases = RELEASE_ROUTES.map(({ path, by }): ApiRoute => ({
    method: 'PUT',
    path,
    handle: (request) => withItems(request, refDescription(by), (tags, refs) => tags.release(by, refs)),
  }));

  return [...reads, ...writes, ...releases];
}

function refDescription(by: RefKind): string {
  return by === 'id' ? 'tag id strings' : 'tag name strings';
}

/** A batch's body: a JSON array (readBody has already held it to MAX_ITEMS items). */
function requireArray(value: unknown, what: string): unknown[] {
  if (value === undefined) throw bodyRequired(what);
  if (!Array.isArray(value)) throw notAnArray(what);
  return value;
}

function bodyRequired(what: string): ApiError {
  return new ApiError(400, `Request body is required: a JSON array of ${what}.`);
}

function notAnArray(what: string): ApiError {
  return new ApiError(400, `Request body must be a JSON array of ${what}.`);
}
