import { jsonAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlRoute } from '../server/control-surface.js';
import { isStatusFilter, MAX_FILTER_LENGTH, type RequestJournal } from '../server/request-journal.js';

/** Entries one answer lists unless `limit` says otherwise, and at most. */
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 10_000;
const QUERY_KEYS = ['limit', 'path', 'status'];

/** The request journal: what clients sent to the tag API and what they got, newest first. */
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
        const limit = query.get('limit') ?? String(DEFAULT_LIST_LIMIT);
        if (!/^\d{1,6}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIST_LIMIT)
          throw new ApiError(
            400,
            `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}; got ${JSON.stringify(limit)}.`,
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
        return jsonAnswer(
          await on().list({
            limit: Number(limit),
            ...(glob !== undefined ? { path: glob } : {}),
            ...(status !== undefined ? { status } : {}),
          }),
        );
      },
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
