// Every route that README.md and docs/*.md name (`GET /tagsim/v1/requests`, `/api/tag/values`...)
// is a route of one of the servers' route tables: the tag API's, the control API's or the lab
// dashboard's. A doc that names a route that does not exist (docs/lab.md once sent readers to
// `GET /tagsim/v1/journal`, which answers 404) fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultLog } from '../../shared/lab/fault-log.js';
import { dashboardRoutes } from '../../main/lab/dashboard-routes.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { apiRoutes } from '../../main/server/routes/api-routes.js';
import { routedPath } from '../../shared/api/routes.js';
import { closeStations, startStation } from './control-station.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/**
 * Paths the docs name on purpose though no route has them, each with the reason: an example of
 * what a wrong path answers.
 */
const NOT_ROUTES_ON_PURPOSE: readonly { doc: string; mention: string; why: string }[] = [
  { doc: 'docs/api.md', mention: 'GET /api/tag', why: 'the example of an unknown path (404)' },
];

interface Mention {
  readonly doc: string;
  readonly line: number;
  /** As written: `GET /tagsim/v1/requests?status=5xx`, `/api/tags/{id}`. */
  readonly text: string;
  readonly method: string | undefined;
  /** Without query, trailing punctuation or trailing `/`. */
  readonly path: string;
}

// A path of the tag API or the control API, not a file of shared/api/ (nothing word-like before it).
const MENTION =
  /(?:\b(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS)\s+)?(?<![\w./-])(\/(?:api|tagsim\/v1)(?:\/[^\s`'"()[\]|,;]*)?)/g;

function mentionsIn(doc: string): Mention[] {
  const found: Mention[] = [];
  readFileSync(join(ROOT, doc), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(MENTION)) {
        const path = match[2]!
          .replace(/\?.*$/, '')
          .replace(/[.:]+$/, '')
          .replace(/\/$/, '');
        found.push({ doc, line: index + 1, text: match[0], method: match[1], path });
      }
    });
  return found;
}

/** A route's method and path: `:id`, `:name` and the dashboard's station number match any segment. */
interface KnownRoute {
  readonly method: string;
  readonly matches: (path: string) => boolean;
}

const template = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);

let routes: KnownRoute[];

beforeAll(async () => {
  const station = await startStation();
  const { engine, control } = station.tagsim;
  const tagApi = apiRoutes(engine, 1024).map((r) => ({ method: r.method, re: template(r.path) }));
  const controlApi = control!.surface.routes.map((r) => ({ method: r.method, re: template(r.path) }));
  // The dashboard's routes only match paths until they handle a request: no lab needs to run.
  const dashboard = dashboardRoutes({ lab: {} as Lab, log: {} as FaultLog });
  routes = [
    ...[...tagApi, ...controlApi].map(({ method, re }) => ({ method, matches: (p: string) => re.test(p) })),
    ...dashboard.map((r) => ({ method: r.method, matches: (p: string) => template(r.path).test(p) })),
  ];
});
afterAll(closeStations);

/** Placeholders (`{id}`, `<k>`) stand for any segment; wildcards (`/api/*`) are filters, not routes. */
function isRoute(mention: Mention): boolean {
  const named = mention.path.replace(/\{[^}]*\}|<[^>]*>/g, 'x');
  // The tag API routes a path as the simulator's EmbedIO does (runs of slashes collapse).
  const path = named.startsWith('/api') ? routedPath(named) : named;
  return routes.some((r) => (mention.method === undefined || r.method === mention.method) && r.matches(path));
}

const isPrefixOnly = (m: Mention) => m.path === '/api' || m.path === '/tagsim/v1';
const isFilter = (m: Mention) => m.path.includes('*');
const onPurpose = (m: Mention) =>
  NOT_ROUTES_ON_PURPOSE.some((p) => p.doc === m.doc && `${m.method} ${m.path}` === p.mention);

describe('routes named in the docs', () => {
  const mentions = DOCS.flatMap(mentionsIn);

  it('finds the routes the docs name (the check has something to check)', () => {
    expect(mentions.length).toBeGreaterThan(100);
    expect(mentions.some((m) => m.text === 'GET /tagsim/v1/requests')).toBe(true);
    expect(mentions.some((m) => m.text === 'GET /api/stations')).toBe(true);
  });

  it('are each a route of the tag API, the control API or the lab dashboard, with that method', () => {
    const unknown = mentions
      .filter((m) => !isPrefixOnly(m) && !isFilter(m) && !onPurpose(m) && !isRoute(m))
      .map((m) => `${m.doc}:${m.line}: ${m.text}`);
    expect(unknown).toEqual([]);
  });

  it('catches a route that does not exist, or a method a route does not have', () => {
    const wrong = (text: string, method?: string): Mention => ({
      doc: 'x.md',
      line: 1,
      text,
      method,
      path: text.replace(/^\w+ /, ''),
    });
    expect(isRoute(wrong('GET /tagsim/v1/journal', 'GET'))).toBe(false);
    expect(isRoute(wrong('DELETE /api/tags', 'DELETE'))).toBe(false);
    expect(isRoute(wrong('GET /tagsim/v1/requests', 'GET'))).toBe(true);
  });

  it('names the paths it lets pass on purpose where the docs still name them, and they are no routes', () => {
    for (const allowed of NOT_ROUTES_ON_PURPOSE) {
      const found = mentions.filter(
        (m) => m.doc === allowed.doc && `${m.method} ${m.path}` === allowed.mention,
      );
      expect(found.length, `${allowed.doc} names ${allowed.mention} (${allowed.why})`).toBeGreaterThan(0);
      expect(found.some(isRoute)).toBe(false);
    }
  });
});
