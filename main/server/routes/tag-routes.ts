import { parseTagFilter, type QueryValue } from '../../../shared/api/query.js';
import { API_PATHS } from '../../../shared/api/routes.js';
import { messages } from '../../../shared/core/messages.js';
import type { TagEngine } from '../../../shared/core/tag-engine.js';
import { jsonTextAnswer } from '../api-answer.js';
import { ApiError } from '../api-error.js';
import type { ApiRoute } from '../api-route.js';
import { versionedJsonArray } from '../versioned-json.js';

/** The listing routes: `GET /api/tags`, `/api/tags/{id}`, `/api/tags/by-name/{name}`. */
export function tagRoutes(engine: TagEngine): ApiRoute[] {
  const everyTag = versionedJsonArray(engine, () => engine.listTagsJsonItems());
  return [
    {
      method: 'GET',
      path: API_PATHS.tags,
      handle: ({ querystring }) => {
        if (querystring === '') return jsonTextAnswer(everyTag());
        const parsed = parseTagFilter(queryValues(querystring, ['name', 'type', 'kind']));
        if (!parsed.ok) throw new ApiError(400, parsed.error);
        const { name, type, kind } = parsed.filter;
        if (name === undefined && type === undefined && kind === undefined) return jsonTextAnswer(everyTag());
        return jsonTextAnswer(engine.listTagsJson(parsed.filter));
      },
    },
    // Before `/api/tags/:id`, as Koa's router tries them in order (a parameter stops at a slash,
    // so the two never overlap anyway).
    {
      method: 'GET',
      path: API_PATHS.tagsByName,
      handle: ({ params }) => jsonTextAnswer(engine.tagsNamedJson(params['name'] ?? '')),
    },
    {
      method: 'GET',
      path: API_PATHS.tagById,
      handle: ({ params }) => {
        const id = params['id'] ?? '';
        const tag = engine.getTagJson(id);
        if (tag === undefined) throw new ApiError(404, messages.idNotFound(id));
        return jsonTextAnswer(tag);
      },
    },
  ];
}

/**
 * These keys of a query string, split as Koa splits it (URLSearchParams: `+` is a space, a
 * repeated key gives every value).
 */
function queryValues(querystring: string, keys: readonly string[]): Record<string, QueryValue> {
  const params = new URLSearchParams(querystring);
  const query: Record<string, QueryValue> = {};
  for (const key of keys) {
    const values = params.getAll(key);
    query[key] = values.length <= 1 ? values[0] : values;
  }
  return query;
}
