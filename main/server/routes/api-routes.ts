import type { TagEngine } from '../../../shared/core/tag-engine.js';
import type { ApiRoute } from '../api-route.js';
import { BytesInFlight } from '../bytes-in-flight.js';
import { jsonBodyReader } from '../json-body.js';
import { tagRoutes } from './tag-routes.js';
import { valueRoutes } from './value-routes.js';

/**
 * Every route of the tag API, in the order Koa's router tries them: the one table that both the
 * router and the direct path (direct-routes.ts) are built from.
 */
export function apiRoutes(
  engine: TagEngine,
  bodyLimitBytes: number,
  budget: BytesInFlight = new BytesInFlight(),
): readonly ApiRoute[] {
  return [...tagRoutes(engine), ...valueRoutes(engine, jsonBodyReader(bodyLimitBytes), budget)];
}
