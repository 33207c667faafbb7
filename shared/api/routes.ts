import type { RefKind, WriteOperation } from '../core/tag-engine.js';

/**
 * The paths of the tag API, exactly as the vendor documents them. The Koa server, the benchmark's
 * bare server and the docs all take them from here.
 */
export const API_PATHS = {
  tags: '/api/tags',
  tagById: '/api/tags/:id',
  tagsByName: '/api/tags/by-name/:name',
  values: '/api/tag/values',
  valuesByName: '/api/tag/values/by-name',
  /** The alternate form the vendor also lists for the by-name read and set. */
  valuesByNameAlternate: '/api/tag/by-name/values',
  release: '/api/tag/values-release',
  releaseByName: '/api/tag/values-release/by-name',
} as const;

/**
 * The path a request is routed by, as the simulator's web server makes it before routing: every
 * run of `/` becomes one `/`, then a trailing `/` is dropped (the root stays `/`). So
 * `/api//tag/values/by-name` is `/api/tag/values/by-name`, and `/api/tags///` is `/api/tags`.
 * Percent escapes are left as they are (`%2F%2F` is not a run of slashes). Evidence: the
 * simulator ships EmbedIO (docs/fidelity.md, "Paths"), whose WebServer routes every request by
 * `UrlPath.Normalize(Request.Url.AbsolutePath, false)` (unosquare/embedio:
 * src/EmbedIO/WebServer.cs, src/EmbedIO/Utilities/UrlPath.cs, since 3.0). The direct path and the
 * Koa router both route by this function and nothing else (docs/api.md, "Wire basics").
 */
export function routedPath(path: string): string {
  const collapsed = path.includes('//') ? path.replace(/\/{2,}/g, '/') : path;
  return collapsed.length > 1 && collapsed.endsWith('/') ? collapsed.slice(0, -1) : collapsed;
}

/** A PUT route that writes `{id|name, value}` items. */
export interface WriteRoute {
  readonly path: string;
  readonly operation: WriteOperation;
  readonly by: RefKind;
}

/** Every write route: set value, force, always off and always on, by id and by name. */
export const WRITE_ROUTES: readonly WriteRoute[] = [
  { path: '/api/tag/values', operation: 'set', by: 'id' },
  { path: '/api/tag/values/by-name', operation: 'set', by: 'name' },
  { path: '/api/tag/by-name/values', operation: 'set', by: 'name' },
  { path: '/api/tag/values-force', operation: 'force', by: 'id' },
  { path: '/api/tag/values-force/by-name', operation: 'force', by: 'name' },
  { path: '/api/tag/values-alwaysoff', operation: 'alwaysOff', by: 'id' },
  { path: '/api/tag/values-alwaysoff/by-name', operation: 'alwaysOff', by: 'name' },
  { path: '/api/tag/values-alwayson', operation: 'alwaysOn', by: 'id' },
  { path: '/api/tag/values-alwayson/by-name', operation: 'alwaysOn', by: 'name' },
];

/** The GET routes that read values, with an optional JSON array body of ids or names. */
export const READ_ROUTES: readonly { readonly path: string; readonly by: RefKind }[] = [
  { path: API_PATHS.values, by: 'id' },
  { path: API_PATHS.valuesByName, by: 'name' },
  { path: API_PATHS.valuesByNameAlternate, by: 'name' },
];

/** The PUT routes that release forces, with a JSON array body of ids or names. */
export const RELEASE_ROUTES: readonly { readonly path: string; readonly by: RefKind }[] = [
  { path: API_PATHS.release, by: 'id' },
  { path: API_PATHS.releaseByName, by: 'name' },
];

/** The body of every whole-request error: `{"code": <status>, "error": "<message>"}`. */
export interface RequestErrorBody {
  code: number;
  error: string;
}
