import type { ApiAnswer } from '../server/api-answer.js';
import { jsonAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlRoute } from '../server/control-surface.js';
import {
  isStatusFilter,
  MAX_FILTER_LENGTH,
  type JournalQuery,
  type RequestJournal,
} from '../journal/request-journal.js';

/** Entries one answer lists unless `limit` says otherwise, and at most. */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 10_000;
const QUERY_KEYS = ['limit', 'before', 'path', 'status'];

/**
 * The request journal: what clients sent to the tag API and what they got, newest first, a page
 * of at most 256 KiB at a time; and what it holds and has dropped.
 */
export function journalRoutes(journal: RequestJournal | undefined): ControlRoute[] {
  const path = `${CONTROL_PREFIX}/requests`;
  const on = (): RequestJournal => {
    if (journal) return journal;
    throw new ApiError(409, 'The request journal is off (TagSim was started with --journal 0).');
  };
  return [
    {
      method: 'GET',
      path,
      query: QUERY_KEYS,
      handle: async ({ query }) => {
        const asked = journalQuery(query);
        const page = await on().page(asked);
        return { status: 200, body: page.json, headers: nextLink(path, query, page.nextBefore) };
      },
    },
    {
      method: 'GET',
      path: `${path}/summary`,
      handle: () => jsonAnswer(on().summary()),
    },
    {
      method: 'DELETE',
      path,
      handle: () => {
        const cleared = on().size;
        on().clear();
        return jsonAnswer({ cleared });
      },
    },
  ];
}

function journalQuery(query: URLSearchParams): JournalQuery {
  const limit = query.get('limit') ?? String(DEFAULT_LIST_LIMIT);
  if (!/^\d{1,6}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIST_LIMIT)
    throw new ApiError(
      400,
      `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}; got ${JSON.stringify(limit)}.`,
    );
  const before = query.get('before') ?? undefined;
  if (before !== undefined && (!/^\d{1,15}$/.test(before) || Number(before) < 1))
    throw new ApiError(
      400,
      `before must be the seq of an entry (a whole number from 1); got ${JSON.stringify(before)}.`,
    );
  const status = query.get('status') ?? undefined;
  if (status !== undefined && !isStatusFilter(status))
    throw new ApiError(
      400,
      `status must be a status like 404 or a class like 4xx; got ${JSON.stringify(status)}.`,
    );
  const glob = query.get('path') ?? undefined;
  if (glob !== undefined && glob.length > MAX_FILTER_LENGTH)
    throw new ApiError(400, `path must be a wildcard of at most ${MAX_FILTER_LENGTH} characters.`);
  return {
    limit: Number(limit),
    ...(before !== undefined ? { before: Number(before) } : {}),
    ...(glob !== undefined ? { path: glob } : {}),
    ...(status !== undefined ? { status } : {}),
  };
}

/** `Link: <…?before=N&…>; rel="next"` (RFC 8288) when more entries may follow, with the same filters. */
function nextLink(
  path: string,
  query: URLSearchParams,
  nextBefore: number | undefined,
): ApiAnswer['headers'] {
  if (nextBefore === undefined) return {};
  const next = new URLSearchParams(query);
  next.set('before', String(nextBefore));
  return { Link: `<${path}?${next.toString()}>; rel="next"` };
}
