// The plant's own conditions (items counted on and off conveyors, belts running): checked, bound
// to a scene's plant and watched against a running simulation; refused, with the same words,
// everywhere a condition reads tags only (behaviours, scenarios, fault schedules).
import { describe, expect, it } from 'vitest';
import { bindCondition, checkPlantCondition } from '../../shared/conditions/check-condition.js';
import type { PlantIndex } from '../../shared/conditions/condition-types.js';
import { describeActual, describeCondition } from '../../shared/conditions/describe-condition.js';
import { PLANT_CONDITION_SHAPE } from '../../shared/conditions/plant-condition-schema.js';
import { TagIndex } from '../../shared/conditions/tag-refs.js';
import { compileCondition } from '../../shared/conditions/watch-condition.js';
import { plantIndexOf } from '../../shared/exercise/bind-exercise.js';
import { countingReader } from '../../shared/exercise/exercise-access.js';
import { validateFaultSchedule } from '../../shared/lab/fault-schedule.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { validateScenarioJson } from '../../shared/scenario/scenario-file.js';
import { placeProblems } from '../../shared/schema/shape-paths.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { Bench } from '../sim/plc.js';

const TAGS = [
  ['Run', 'Bit', 'Output'],
  ['Divert', 'Bit', 'Output'],
  ['At end', 'Bit', 'Input'],
] as const;

/** A belt fed with a, b, a, b... that runs with `Run` and hands items to `side` while `Divert` is on, else off its end. */
const PLANT: Behaviour[] = [
  {
    conveyor: 'belt',
    length: 1,
    speed: 1,
    runs: { tag: { name: 'Run', kind: 'Output' }, equals: true },
    feeder: { items: ['a', 'b'], itemLength: 0.2, gap: 0.3 },
    sensors: [{ tag: { name: 'At end', kind: 'Input' }, from: 0.9, to: 1 }],
    exits: [{ to: 'side', when: { tag: { name: 'Divert', kind: 'Output' }, equals: true } }],
    end: 'remove',
  },
  { conveyor: 'side', length: 1, speed: 1, end: 'remove' },
];

const bench = () => Bench.custom(TAGS, PLANT);

/** The problems of a plant condition, placed under `reach`, bound to PLANT's scene. */
function problemsOf(json: unknown): string[] {
  const b = bench();
  const { condition, problems } = checkPlantCondition(json);
  const found = condition
    ? bindCondition(
        condition,
        new TagIndex(b.engine.scene.tags),
        plantIndexOf({ ...b.engine.scene, behaviours: PLANT }),
      ).problems
    : problems;
  return placeProblems(PLANT_CONDITION_SHAPE, json, 'reach', found).map(formatProblem);
}

describe('the plant conditions', () => {
  const index: PlantIndex = { conveyors: ['belt', 'side'], labels: ['a', 'b'] };

  it('name the plant of a scene: its conveyors in order and its feeders’ labels', () => {
    expect(plantIndexOf({ ...bench().engine.scene, behaviours: PLANT })).toEqual(index);
  });

  it('count items out at, into and on a conveyor, by label, and see a belt run', () => {
    const b = bench();
    const tags = new TagIndex(b.engine.scene.tags);
    const reader = countingReader(b.sim, index);
    const watch = (json: unknown) => {
      const { condition } = checkPlantCondition(json);
      const { bound, problems } = bindCondition(condition!, tags, index);
      expect(problems).toEqual([]);
      return compileCondition(bound!, (def) => () => b.engine.getTag(def.id)?.value, reader);
    };
    const outAtBelt = watch({ items: { exit: 'belt' }, ge: 2 });
    const bIntoSide = watch({ items: { entered: 'side', label: 'b' }, equals: 1 });
    const onBelt = watch({ items: { on: 'belt', label: 'a' }, ge: 1 });
    const stopped = watch({ conveyor: 'belt', running: false, forMs: 100 });
    expect([outAtBelt.update(0), bIntoSide.update(0), onBelt.update(0), stopped.update(0)]).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(stopped.update(100)).toBe(true);
    // a leaves at the end; b is diverted to the side; the next a leaves at the end.
    b.io.set('Run', true);
    b.runUntil(
      () => undefined,
      () => b.conveyor('belt').removed['a'] === 1,
      5000,
    );
    b.io.set('Divert', true);
    b.runUntil(
      () => undefined,
      () => b.conveyor('side').items.length === 1,
      5000,
    );
    b.io.set('Divert', false);
    b.runUntil(
      () => undefined,
      () => b.conveyor('belt').removed['a'] === 2,
      5000,
    );
    expect([outAtBelt.update(10_000), bIntoSide.update(10_000), stopped.update(10_000)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('go on counting across a reset of the simulation, which starts the plant over', () => {
    const b = bench();
    const reader = countingReader(b.sim, index);
    const out = reader.items(0, 'exit', undefined);
    b.io.set('Run', true);
    b.runUntil(
      () => undefined,
      () => b.conveyor('belt').removed['a'] === 1,
      5000,
    );
    expect(out()).toBe(1);
    b.sim.reset();
    expect(b.conveyor('belt').removed).toEqual({});
    expect(out()).toBe(1);
    b.io.set('Run', true); // a reset puts the Outputs back too
    b.runUntil(
      () => undefined,
      () => b.conveyor('belt').removed['a'] === 1,
      5000,
    );
    expect(out()).toBe(2);
    // A reader asked for later still counts what the earlier plants counted: it is the same count.
    expect(reader.items(0, 'exit', undefined)()).toBe(2);
  });

  it('are told in words, with what the plant shows', () => {
    const b = bench();
    const tags = new TagIndex(b.engine.scene.tags);
    const { condition } = checkPlantCondition({
      all: [
        { items: { exit: 'belt', label: 'a' }, ge: 3 },
        { items: { on: 'side' }, equals: 0 },
        { conveyor: 'belt', running: true, forMs: 2000 },
      ],
    });
    const { bound } = bindCondition(condition!, tags, index);
    expect(describeCondition(bound!)).toBe(
      "all of (a items out at 'belt' >= 3, items on 'side' = 0, 'belt' running for 2 s)",
    );
    expect(describeActual(bound!, (id) => b.engine.getTag(id)?.value, countingReader(b.sim, index))).toBe(
      "a items out at 'belt' = 0, items on 'side' = 0, 'belt' stopped",
    );
  });

  it('say what is wrong, with its place and what was meant', () => {
    expect(problemsOf({ items: { exit: 'Belt' }, ge: 1 })).toEqual([
      "reach.items.exit: no conveyor of this scene's plant is named 'Belt'; did you mean 'belt'?",
    ]);
    expect(problemsOf({ conveyor: 'exit', running: true })).toEqual([
      "reach.conveyor: no conveyor of this scene's plant is named 'exit'; its conveyors: 'belt', 'side'",
    ]);
    expect(problemsOf({ items: { on: 'belt', label: 'purple' }, ge: 1 })).toEqual([
      "reach.items.label: no item of this scene's plant is labelled 'purple'; its labels: a, b",
    ]);
    expect(problemsOf({ items: { label: 'a' }, ge: 1 })).toEqual([
      'reach.items: needs one of exit (items that left the plant at a conveyor), entered (items that came onto it) or on (items on it now)',
    ]);
    expect(problemsOf({ items: { exit: 'belt', on: 'belt' }, ge: 1 })).toEqual([
      'reach.items: has exit and on; count one way (combine two counts with "all" or "any")',
    ]);
    expect(problemsOf({ items: { exit: 'belt' } })).toEqual([
      'reach: compares the count with nothing; add one of equals, notEquals, gt, ge, lt, le (e.g. "equals": 0)',
    ]);
    expect(problemsOf({ conveyor: 'belt', running: 'yes' })).toEqual([
      'reach.running: must be true or false; got "yes"',
    ]);
    expect(problemsOf({ items: { exit: 'belt' }, ge: 1, tag: 'Run' })).toEqual([
      'reach: has tag and items; a condition has one of them (combine with "all" or "any")',
    ]);
  });

  it('are refused where a condition reads tags only: behaviours, scenarios and fault schedules', () => {
    const items = { items: { exit: 'belt' }, ge: 1 };
    const keys = 'tag, rising, falling, all, any, not, always';
    const { problems } = validateBehaviours(
      [{ when: items, then: [{ set: { name: 'At end', kind: 'Input' }, value: true }] }],
      bench().engine.scene.tags,
    );
    expect(problems.map(formatProblem)).toEqual([
      `behaviours[0].when: must have one of ${keys} (e.g. {"tag": "Counter", "ge": 10})`,
    ]);
    const scenario = () =>
      validateScenarioJson({ format: 'tagsim-scenario', version: 1, name: 's', steps: [{ waitFor: items }] });
    expect(scenario).toThrow(ValidationError);
    expect(() => scenario()).toThrow(`steps[0].waitFor: must have one of ${keys}`);
    expect(() =>
      validateFaultSchedule({ faults: [{ when: items, fault: { tag: 'Run', kind: 'alwaysOff' } }] }),
    ).toThrow(`faults[0].when: must have one of ${keys}`);
    // Bound without a plant (as a behaviour's or a scenario's would be), it says why.
    const { condition } = checkPlantCondition(items);
    expect(bindCondition(condition!, new TagIndex(bench().engine.scene.tags)).problems).toEqual([
      {
        at: [],
        message:
          "reads the plant's items and belts, which only an exercise's criteria read; compare tags here",
      },
    ]);
  });
});
