// Generators of hostile requests to the control API (/tagsim/v1/), shared by the fuzz tests and
// the soak run: every route with odd targets and queries, and bodies made for each route
// (advances of any size, clocks, scenes, snapshots, chaos rules that try to hang or flood)
// besides any JSON at all.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { BUILTIN_SCENE_NAMES } from '../../../shared/scenes/builtin-scenes.js';
import { httpRequestBytes } from '../../support/raw-http.js';
import { hostileMethod, jsonBody } from './http-requests.js';
import { objectKeyName } from './object-key-names.js';

/** Routes that change the station (the soak leaves them out: they would look like lost writes). */
const MUTATING = ['reset', 'scene', 'state', 'chaos', 'clock'];
const ROUTES = [
  'status',
  'reset',
  'scene',
  'state',
  'clock',
  'clock/advance',
  'requests',
  'requests/summary',
  'chaos',
  'openapi.json',
];

const glob = fc.string({ unit: fc.constantFrom(...'*?/api/tagvlues-_%.'.split('')), maxLength: 300 });
const query = fc.oneof(
  fc.constant(''),
  fc
    .tuple(
      fc.option(
        fc.oneof(fc.integer({ min: -5, max: 20_000 }).map(String), fc.constantFrom('abc', '1e3', '')),
      ),
      fc.option(glob),
      fc.option(fc.constantFrom('200', '4xx', '5XX', '999', '2', 'abc', '')),
      fc.option(
        fc.oneof(
          fc.integer({ min: -5, max: 100_000 }).map(String),
          fc.constantFrom('9007199254740993', '1e3', '0x10', '', '999999999999999'),
        ),
      ),
    )
    .map(([limit, path, status, before]) => {
      const params = new URLSearchParams();
      if (limit !== null) params.set('limit', limit);
      if (before !== null) params.set('before', before);
      if (path !== null) params.set('path', path);
      if (status !== null) params.set('status', status);
      return `?${params.toString()}`;
    }),
  fc.constantFrom('?stauts=404', '?limit=1&limit=2', '?%zz', '?path=' + '*a'.repeat(200) + 'b'),
);

const target = (routes: readonly string[]) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(fc.constantFrom(...routes), query).map(([r, q]) => `/tagsim/v1/${r}${q}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '/tagsim/v1',
        '/tagsim/v1/',
        '/tagsim/v1/nope',
        '/tagsim/v1//status',
        '/tagsim/v1/status/',
        '/tagsim/v1/clock/advance/x',
        '/tagsim/v1/%73tatus',
        '/tagsim/v1/' + 'a'.repeat(5000),
        '/TAGSIM/v1/status',
        '/tagsim/v2/status',
      ),
    },
  );

const ms = fc.oneof(
  fc.integer({ min: 1, max: 2000 }),
  fc.constantFrom(0, -1, 3_600_000, 3_600_001, 1.5, 1e308, -1e308, '10', null, [], {}),
  fc.double(),
);
const latency = fc.oneof(
  fc.integer({ min: 0, max: 30 }),
  fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })),
  fc.constantFrom(60_001, -1, 1e9, [5], [1, 2, 3], '10', [60_000, 0], null),
);
/** Rules with wild values; the valid ones hold answers for at most 30 ms, so a run stays short. */
const rule = fc.record(
  {
    method: fc.oneof(
      fc.constantFrom('GET', 'put', '*', '', 'G E T', 'X'.repeat(30)),
      fc.string({ maxLength: 6 }),
    ),
    path: fc.oneof(glob, fc.constantFrom('*', '/api/*', '*'.repeat(256), '?'.repeat(300))),
    probability: fc.oneof(fc.double(), fc.constantFrom(0, 1, 0.5, -0.1, 1.1)),
    latencyMs: latency,
    status: fc.oneof(fc.integer({ min: 300, max: 700 }), fc.constantFrom(503, 500, 404)),
    reset: fc.oneof(fc.boolean(), fc.constant('yes')),
    times: fc.oneof(fc.integer({ min: -1, max: 5 }), fc.constantFrom(1e12, 2.5)),
    extra: fc.jsonValue({ maxDepth: 2 }),
  },
  { requiredKeys: [] },
);

/** Bodies made for the routes, besides any JSON (jsonBody). */
const routeBody = fc.oneof(
  fc.record({ ms }, { requiredKeys: [] }),
  fc.record(
    {
      mode: fc.constantFrom('real', 'virtual', 'fast', 1),
      timeScale: fc.oneof(fc.double(), fc.constantFrom(0.25, 8, 9, 0)),
    },
    { requiredKeys: [] },
  ),
  fc.record({
    scene: fc.oneof(
      fc.constantFrom(
        ...BUILTIN_SCENE_NAMES.slice(0, 3),
        '/etc/passwd',
        '../x.tagsim.json',
        '',
        'a'.repeat(5000),
      ),
      objectKeyName,
      fc.string({ maxLength: 40 }),
    ),
  }),
  fc.record({ rules: fc.array(rule, { maxLength: 60 }) }),
  fc.record({
    format: fc.constantFrom('tagsim-state', 'tagsim-scene', 1),
    version: fc.constantFrom(1, 2, '1'),
    scene: fc.string({ maxLength: 10 }),
    tags: fc.oneof(
      fc.array(
        fc.record({ id: fc.constantFrom('x', ''), raw: fc.jsonValue({ maxDepth: 1 }) }, { requiredKeys: [] }),
        { maxLength: 5 },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  }),
);

const body = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: routeBody.map((b) => JSON.stringify(b)) },
  { weight: 3, arbitrary: jsonBody },
);

/** One hostile request to the control API, as bytes; `mutating: false` keeps to reading routes. */
export function hostileControlRequest(options: { mutating: boolean; headers?: Record<string, string> }) {
  const routes = options.mutating ? ROUTES : ROUTES.filter((r) => !MUTATING.includes(r));
  return fc
    .record({
      method: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('GET', 'PUT', 'POST', 'DELETE') },
        hostileMethod,
      ),
      target: target(routes),
      body,
      gzip: fc.boolean(),
    })
    .filter(
      (r) => options.mutating || r.method === 'GET' || !MUTATING.some((m) => r.target.includes(`/${m}`)),
    )
    .map((r) => ({
      ...r,
      bytes: httpRequestBytes(
        r.method,
        r.target,
        {
          Connection: 'close',
          ...(r.gzip && r.body !== undefined ? { 'Content-Encoding': 'gzip' } : {}),
          ...options.headers,
        },
        r.body === undefined ? undefined : r.gzip ? gzipSync(r.body) : r.body,
      ),
    }));
}
