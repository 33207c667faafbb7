import type Router from '@koa/router';
import { parseTagFilter, type QueryValue } from '../../../shared/api/query.js';
import { API_PATHS } from '../../../shared/api/routes.js';
import { messages } from '../../../shared/core/messages.js';
import type { TagEngine } from '../../../shared/core/tag-engine.js';
import { ApiError } from '../api-error.js';
import { sendJson } from '../send-json.js';

/** The listing routes: `GET /api/tags`, `/api/tags/{id}`, `/api/tags/by-name/{name}`. */
export function registerTagRoutes(router: Router, engine: TagEngine): void {
  router.get(API_PATHS.tags, (ctx) => {
    const parsed = parseTagFilter(ctx.query as Record<string, QueryValue>);
    if (!parsed.ok) throw new ApiError(400, parsed.error);
    sendJson(ctx, engine.listTags(parsed.filter));
  });

  // Registered before `/api/tags/:id`; the two never overlap since a parameter stops at a slash.
  router.get(API_PATHS.tagsByName, (ctx) => {
    sendJson(ctx, engine.tagsNamed(ctx.params['name'] ?? ''));
  });

  router.get(API_PATHS.tagById, (ctx) => {
    const id = ctx.params['id'] ?? '';
    const tag = engine.getTag(id);
    if (!tag) throw new ApiError(404, messages.idNotFound(id));
    sendJson(ctx, tag);
  });
}
