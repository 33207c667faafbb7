import type { TagFilter } from '../core/tag-engine.js';
import type { TagKind, TagType } from '../core/tag-types.js';
import { ownValue } from '../problems/json-words.js';

const TYPES: Readonly<Record<string, TagType>> = { bit: 'Bit', int: 'Int', float: 'Float' };
const KINDS: Readonly<Record<string, TagKind>> = { input: 'Input', output: 'Output' };

/** A query string value as Node parsers give it: absent, once, or repeated. */
export type QueryValue = string | readonly string[] | undefined;

/** The filters of `GET /api/tags`, or the message of the whole-request 400 they deserve. */
export type ParsedFilter = { ok: true; filter: TagFilter } | { ok: false; error: string };

/**
 * Parses `name`, `type` and `kind` of `GET /api/tags`. Empty values count as absent; `type` and
 * `kind` are accepted in any letter case; other parameters are ignored.
 */
export function parseTagFilter(query: Readonly<Record<string, QueryValue>>): ParsedFilter {
  const filter: TagFilter = {};
  for (const key of ['name', 'type', 'kind'] as const) {
    const raw = query[key];
    if (typeof raw !== 'string' && raw !== undefined) {
      return { ok: false, error: `Query parameter '${key}' must be given at most once.` };
    }
    if (raw === undefined || raw === '') continue;
    if (key === 'name') {
      filter.name = raw;
      continue;
    }
    const table = key === 'type' ? TYPES : KINDS;
    const value = ownValue(table, raw.toLowerCase());
    if (value === undefined) {
      const allowed = Object.keys(table).join(', ');
      return { ok: false, error: `Query parameter '${key}' must be one of ${allowed}; got '${raw}'.` };
    }
    if (key === 'type') filter.type = value as TagType;
    else filter.kind = value as TagKind;
  }
  return { ok: true, filter };
}
