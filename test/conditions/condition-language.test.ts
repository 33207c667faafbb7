// The one condition language: checked, bound to a scene's tags and watched outside any
// simulation (against a function that reads a tag by id, as a later host would), and told in the
// same words by the behaviours of a scene and the steps of a scenario.
import { describe, expect, it } from 'vitest';
import { bindCondition, checkCondition } from '../../shared/conditions/check-condition.js';
import { CONDITION_SHAPE } from '../../shared/conditions/condition-schema.js';
import { TagIndex } from '../../shared/conditions/tag-refs.js';
import { watchCondition } from '../../shared/conditions/watch-condition.js';
import { convertTo } from '../../shared/core/convert.js';
import type { TagValue } from '../../shared/core/tag-types.js';
import { bindScenario } from '../../shared/scenario/bind-scenario.js';
import { validateScenarioJson } from '../../shared/scenario/scenario-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { placeProblems } from '../../shared/schema/shape-paths.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { testScene } from '../sim/plc.js';

const scene = testScene([
  ['Ready', 'Bit', 'Input'],
  ['Count', 'Int', 'Input'],
  ['Level', 'Float', 'Input'],
  ['Motor', 'Bit', 'Output'],
]);
const tags = new TagIndex(scene.tags);
const idOf = (name: string) => scene.tags.find((t) => t.name === name)!.id;

/** A condition checked and bound on its own, watched against `values` (by tag name). */
function watch(json: unknown, values: Record<string, TagValue>) {
  const { condition, problems } = checkCondition(json);
  expect(problems).toEqual([]);
  const { bound, problems: binding } = bindCondition(condition!, tags);
  expect(binding).toEqual([]);
  const byId = new Map(scene.tags.map((t) => [t.id, t.name]));
  return watchCondition(bound!, (id) => values[byId.get(id)!]);
}

/** The problems of a condition on its own, placed under `when`. */
function problemsOf(json: unknown): string[] {
  const { condition, problems } = checkCondition(json);
  const found = condition ? bindCondition(condition, tags).problems : problems;
  return placeProblems(CONDITION_SHAPE, json, 'when', found).map(formatProblem);
}

describe('the condition language on its own', () => {
  it('compares in the tag’s own type, as the API stores a value', () => {
    const values: Record<string, TagValue> = { Level: convertTo('Float', 3.1)!, Ready: true };
    expect(watch({ tag: 'Level', equals: 3.1 }, values).update(0)).toBe(true);
    expect(watch({ tag: 'Level', equals: '3.1' }, values).update(0)).toBe(true);
    expect(watch({ tag: 'Ready', equals: 'true' }, values).update(0)).toBe(true);
    expect(watch({ tag: 'Ready', notEquals: 1 }, values).update(0)).toBe(false);
  });

  it('sees an edge between two updates, and forMs from the first update that held', () => {
    const values: Record<string, TagValue> = { Ready: false, Count: 5 };
    const edge = watch({ rising: 'Ready' }, values);
    const held = watch({ tag: 'Count', ge: 5, forMs: 100 }, values);
    expect([edge.update(0), held.update(0)]).toEqual([false, false]);
    values['Ready'] = true;
    expect([edge.update(60), held.update(60)]).toEqual([true, false]);
    expect([edge.update(100), held.update(100)]).toEqual([false, true]);
    values['Count'] = 4;
    expect(held.update(110)).toBe(false);
  });

  it('reads a tag that is gone as a condition that does not hold', () => {
    const { condition } = checkCondition({ not: { tag: 'Count', equals: 1 } });
    const { bound } = bindCondition(condition!, tags);
    expect(watchCondition(bound!, () => undefined).update(0)).toBe(true);
    expect(watchCondition(bound!, (id) => (id === idOf('Count') ? 1 : undefined)).update(0)).toBe(false);
  });

  it('says what is wrong, with its place', () => {
    expect(
      problemsOf({ all: [{ tag: 'Count' }, { rising: 'Count', forMs: 5 }, { always: true, forMs: 1 }] }),
    ).toEqual([
      'when.all[1].forMs: an edge lasts one moment, so forMs does not apply; remove it',
      'when.all[2].forMs: "always" holds at every moment, so forMs does not apply; remove it',
    ]);
    expect(
      problemsOf({ all: [{ tag: 'Count' }, { rising: 'Count' }, { tag: 'Motor', lt: 1, equals: 'on' }] }),
    ).toEqual([
      'when.all[0]: compares the tag with nothing; add one of equals, notEquals, gt, ge, lt, le (e.g. "equals": true)',
    ]);
    expect(
      problemsOf({
        any: [{ rising: 'Count' }, { tag: 'Motor', lt: 1, equals: 'on' }, { tag: 'Nope', gt: 0 }],
      }),
    ).toEqual([
      "when.any[0].rising: rising applies to Bit tags; 'Count' is an Int: compare it with gt or lt",
      `when.any[1].equals: "on" is not a valid Bit value for 'Motor'`,
      "when.any[1].lt: lt compares numbers; 'Motor' is a Bit: use equals true or false",
      "when.any[2].tag: no tag is named 'Nope' in this scene (names are case-sensitive)",
    ]);
    expect(problemsOf({ tag: { name: 'Count', kind: 'input' }, forMs: -1, gt: 1, equal: 2 })).toEqual([
      "when.equal: unknown field; did you mean 'equals'? (known fields here: tag, equals, notEquals, gt, ge, lt, le, forMs)",
      'when.tag.kind: must be "Input" or "Output"; got "input"',
      'when.forMs: must be a number of milliseconds, 0 or more and at most 2147483647; got -1',
    ]);
    expect(problemsOf('Ready')).toEqual([
      'when: must be a condition such as {"tag": "Counter", "ge": 10}; got string "Ready"',
    ]);
  });

  it('never recurses without bound', () => {
    let deep: unknown = { always: true };
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    expect(checkCondition(deep).problems.map((p) => p.message)).toEqual([
      'conditions nest deeper than 16 levels; simplify',
    ]);
  });
});

describe('one language for behaviours and scenarios', () => {
  const bad = [
    { tag: 'Count', gt: 'x' },
    { all: [] },
    { tag: 'Ready', rising: 'Ready' },
    { nope: 1 },
    { tag: 'Ready', ge: 1 },
    { falling: 'Level' },
    { tag: 'Count', equals: 1e12 },
    { tag: 'Ready', equals: true, fromMs: 5 },
  ];

  it.each(bad.map((c) => [JSON.stringify(c), c]))('tells %s in the same words', (_text, condition) => {
    const rule = { when: condition, then: [{ set: 'Ready', value: true }] };
    const inBehaviours = validateBehaviours([rule], scene.tags).problems.map(formatProblem);
    const inScenario = scenarioProblems({ waitFor: condition });
    expect(inBehaviours.length).toBeGreaterThan(0);
    expect(inBehaviours.map((p) => p.replace('behaviours[0].when', ''))).toEqual(
      inScenario.map((p) => p.replace('steps[0].waitFor', '')),
    );
  });
});

function scenarioProblems(step: unknown): string[] {
  try {
    const scenario = validateScenarioJson({
      format: 'tagsim-scenario',
      version: 1,
      name: 'S',
      steps: [step],
    });
    bindScenario(scenario, scene);
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  return [];
}
