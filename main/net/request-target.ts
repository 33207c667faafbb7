/** A request target split at its first `?`: the path as sent, and the query without its `?`. */
export interface SplitTarget {
  readonly path: string;
  readonly querystring: string;
}

/**
 * The one path/query split of every HTTP surface (the tag API's two ways in, the control API, the
 * lab dashboard, the request events). Nothing is decoded: each router decides what it decodes.
 */
export function splitTarget(url: string | undefined): SplitTarget {
  const target = url ?? '';
  const queryAt = target.indexOf('?');
  return queryAt < 0
    ? { path: target, querystring: '' }
    : { path: target.slice(0, queryAt), querystring: target.slice(queryAt + 1) };
}
