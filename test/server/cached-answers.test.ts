// The tag API answers reads from cached bytes (whole answers kept until the engine's version
// moves) and per-tag JSON pieces (encoded again only when their tag changes). Whatever happens
// to the tags, every such answer must be byte-identical to a fresh JSON.stringify of the engine's
// state: random sequences of writes, forces, failures, releases, restores, scene switches,
// writes through pinned views and simulation steps, checked after every step.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../main/server/api-answer.js';
import type { ApiRoute } from '../../main/server/api-route.js';
import { apiRoutes } from '../../main/server/routes/api-routes.js';
import { API_PATHS } from '../../shared/api/routes.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import {
  TagEngine,
  type RefKind,
  type TagFilter,
  type TagRuntimeState,
  type WriteOperation,
} from '../../shared/core/tag-engine.js';
import type { TagFailure } from '../../shared/core/tag-types.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import { Simulation } from '../../shared/sim/simulation.js';

function scene(name: string): SceneDefinition {
  const found = builtinScene(name);
  if (!found) throw new Error(`no built-in scene ${name}`);
  return found;
}

const TANK = scene('Filling Tank');
/** An edit of the tank: one tag gone, one renamed, one changed type (its state cannot carry over). */
const TANK_EDITED: SceneDefinition = {
  ...TANK,
  description: 'edited',
  tags: TANK.tags
    .slice(1)
    .map((t, i) =>
      i === 0
        ? { ...t, name: `${t.name} (renamed: Zählwerk €)` }
        : i === 1
          ? { ...t, type: t.type === 'Bit' ? 'Int' : 'Bit' }
          : t,
    ),
};
const SCENES = [TANK, TANK_EDITED, scene('Sorting by Height (Basic)')];

/** A running TagSim without sockets: the engine, its plant, and the API's route table. */
interface Model {
  engine: TagEngine;
  simulation: Simulation;
  routes: readonly ApiRoute[];
  /** Views pinned to the scene loaded when they were taken (a request waiting for its body). */
  views: TagEngine[];
}

function newModel(): Model {
  const engine = new TagEngine(TANK);
  return {
    engine,
    simulation: new Simulation(engine, sceneBehaviours(TANK).behaviours, { seed: 7 }),
    routes: apiRoutes(engine, 1024 * 1024),
    views: [],
  };
}

/** A tag of the scene loaded now, picked by number, or a ref no tag has. */
function refAt(engine: TagEngine, by: RefKind, pick: number): string {
  const tags = engine.scene.tags;
  if (pick >= tags.length) return pick % 2 === 0 ? 'no such tag' : '__proto__';
  return tags[pick]![by];
}

const pick = fc.nat({ max: 45 });
const by = fc.constantFrom<RefKind>('id', 'name');
const value = fc.oneof(
  fc.boolean(),
  fc.integer({ min: -5, max: 1000 }),
  fc.double({ min: -20, max: 20, noNaN: true }),
  fc.constantFrom('true', '2.5', 'nope', null),
);

type Command = (m: Model) => void;

const write = fc
  .record({
    operation: fc.constantFrom<WriteOperation>('set', 'force', 'alwaysOff', 'alwaysOn'),
    by,
    items: fc.array(fc.record({ pick, value }), { maxLength: 6 }),
    throughView: fc.nat(),
  })
  .map((c): Command => (m) => {
    // Sometimes through a view pinned earlier: its writes to a replaced scene are dropped.
    const target =
      m.views.length > 0 && c.throughView % 3 === 0 ? m.views[c.throughView % m.views.length]! : m.engine;
    target.write(
      c.operation,
      c.by,
      c.items.map((item) => ({ [c.by]: refAt(target, c.by, item.pick), value: item.value })),
    );
  });

const release = fc.record({ by, picks: fc.array(pick, { maxLength: 6 }) }).map(
  (c): Command =>
    (m) =>
      void m.engine.release(
        c.by,
        c.picks.map((p) => refAt(m.engine, c.by, p)),
      ),
);

const failure = fc
  .record({ pick, failure: fc.constantFrom<TagFailure>('none', 'alwaysOff', 'alwaysOn') })
  .map(
    (c): Command =>
      (m) =>
        void m.engine.setFailure(refAt(m.engine, 'id', c.pick), c.failure),
  );

const simulate = fc.record({ pick, value }).map(
  (c): Command =>
    (m) =>
      void m.engine.simulate('id', [{ ref: refAt(m.engine, 'id', c.pick), value: c.value }]),
);

const step = fc.integer({ min: 1, max: 400 }).map(
  (ms): Command =>
    (m) =>
      m.simulation.advance(ms),
);

const restore = fc
  .array(
    fc.record({
      pick,
      raw: value,
      isForced: fc.boolean(),
      forcedValue: value,
      failure: fc.constantFrom<TagFailure>('none', 'alwaysOff', 'alwaysOn'),
    }),
    { maxLength: 8 },
  )
  .map((entries): Command => (m) => {
    const states = new Map<string, TagRuntimeState>();
    for (const { pick: p, ...state } of entries)
      states.set(refAt(m.engine, 'id', p), state as TagRuntimeState);
    m.engine.restoreStates(states);
  });

const switchScene = fc
  .record({ index: fc.nat({ max: SCENES.length - 1 }), keepState: fc.boolean() })
  .map((c): Command => (m) => {
    m.engine.loadScene(SCENES[c.index]!, { keepState: c.keepState });
    try {
      m.simulation.setBehaviours(sceneBehaviours(m.engine.scene).behaviours);
    } catch {
      // As the simulation host does with a plant that does not fit the edited scene.
      m.simulation.setBehaviours([]);
    }
  });

const wholeScene = fc.constantFrom<Command>(
  (m) => m.engine.releaseAll(),
  (m) => m.engine.clearFailures(),
  (m) => void m.views.push(m.engine.viewOfCurrentScene()),
);

const command = fc.oneof(
  { weight: 4, arbitrary: write },
  { weight: 1, arbitrary: release },
  { weight: 1, arbitrary: failure },
  { weight: 1, arbitrary: simulate },
  { weight: 3, arbitrary: step },
  { weight: 1, arbitrary: restore },
  { weight: 1, arbitrary: switchScene },
  { weight: 1, arbitrary: wholeScene },
);

/** What a route answers to a request without a body. */
function answer(m: Model, path: string, querystring = '', params: Record<string, string> = {}): string {
  const route = m.routes.find((r) => r.method === 'GET' && r.path === path);
  if (!route) throw new Error(`no route GET ${path}`);
  const request = {
    req: { headers: {} } as IncomingMessage,
    res: {} as ServerResponse,
    params,
    querystring,
    applied: false,
  };
  const result = route.handle(request) as ApiAnswer;
  expect(result.status).toBe(200);
  return result.body.toString();
}

const FILTERS: readonly [string, TagFilter][] = [
  ['type=bit', { type: 'Bit' }],
  ['kind=Input&type=float', { kind: 'Input', type: 'Float' }],
  ['name=*e*', { name: '*e*' }],
];

function expectFreshAnswers(m: Model): void {
  const e = m.engine;
  expect(answer(m, API_PATHS.values)).toBe(JSON.stringify(e.readValues('id')));
  expect(answer(m, API_PATHS.valuesByName)).toBe(JSON.stringify(e.readValues('name')));
  expect(answer(m, API_PATHS.valuesByNameAlternate)).toBe(JSON.stringify(e.readValues('name')));
  expect(answer(m, API_PATHS.tags)).toBe(JSON.stringify(e.listTags()));
  for (const [query, filter] of FILTERS) {
    expect(answer(m, API_PATHS.tags, query)).toBe(JSON.stringify(e.listTags(filter)));
  }
  for (const tag of e.scene.tags) {
    expect(answer(m, API_PATHS.tagById, '', { id: tag.id })).toBe(JSON.stringify(e.getTag(tag.id)));
    expect(answer(m, API_PATHS.tagsByName, '', { name: tag.name })).toBe(
      JSON.stringify(e.tagsNamed(tag.name)),
    );
  }
  for (const kind of ['id', 'name'] as const) {
    const refs = [...e.scene.tags.slice(0, 5).map((t) => t[kind]), 'nope', 7, null, e.scene.tags[0]![kind]];
    expect(e.readValuesJson(kind, refs)).toBe(JSON.stringify(e.readValues(kind, refs)));
  }
}

describe('cached answers', () => {
  it('are byte-identical to JSON.stringify of the engine after every change', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 25 }), (commands) => {
        const m = newModel();
        expectFreshAnswers(m);
        for (const run of commands) {
          run(m);
          expectFreshAnswers(m);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keep one buffer for as long as nothing changes, and build another after a change', () => {
    const m = newModel();
    const route = m.routes.find((r) => r.method === 'GET' && r.path === API_PATHS.values)!;
    const read = () =>
      (
        route.handle({
          req: { headers: {} } as IncomingMessage,
          res: {} as ServerResponse,
          params: {},
          querystring: '',
          applied: false,
        }) as ApiAnswer
      ).body;
    const first = read();
    expect(read()).toBe(first);
    m.engine.write('set', 'id', [{ id: m.engine.scene.tags.find((t) => t.kind === 'Output')!.id, value: 1 }]);
    expect(read()).not.toBe(first);
  });
});
