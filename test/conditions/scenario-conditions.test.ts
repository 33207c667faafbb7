import { describe, expect, it } from 'vitest';
import type { TagValue } from '../../shared/core/tag-types.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { bindScenario } from '../../shared/scenario/bind-scenario.js';
import type { BoundCondition } from '../../shared/conditions/condition-types.js';
import {
  describeActual,
  describeCondition,
  formatDuration,
} from '../../shared/conditions/describe-condition.js';
import { conditionHolds, watchCondition } from '../../shared/conditions/watch-condition.js';
import { validateScenarioJson } from '../../shared/scenario/scenario-file.js';

const scene = builtinScene(DEFAULT_SCENE_NAME)!;

function condition(json: unknown): BoundCondition {
  const [step] = bindScenario(
    validateScenarioJson({ format: 'tagsim-scenario', version: 1, name: 'S', steps: [{ waitFor: json }] }),
    scene,
  ).steps;
  if (step?.kind !== 'waitFor') throw new Error('not a waitFor');
  return step.condition;
}

function reader(values: Record<string, TagValue>) {
  return (id: string) => {
    const def = scene.tags.find((t) => t.id === id)!;
    return values[`${def.name}/${def.kind}`] ?? values[def.name] ?? (def.type === 'Bit' ? false : 0);
  };
}

describe('scenario conditions', () => {
  it('compare effective values, all comparisons of one condition together', () => {
    const range = condition({ tag: 'Counter', ge: 3, lt: 5, notEquals: 4 });
    expect([2, 3, 4, 5].map((n) => conditionHolds(range, reader({ Counter: n })))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    const combined = condition({
      any: [{ tag: 'Loaded', equals: true }, { not: { tag: 'Counter', le: 9 } }],
    });
    expect(conditionHolds(combined, reader({}))).toBe(false);
    expect(conditionHolds(combined, reader({ Loaded: true }))).toBe(true);
    expect(conditionHolds(combined, reader({ Counter: 10 }))).toBe(true);
  });

  it('keep the state of edges and forMs timers inside combinations', () => {
    const values: Record<string, TagValue> = {};
    const watch = watchCondition(
      condition({ all: [{ rising: 'Loaded' }, { tag: 'Counter', ge: 1, forMs: 100 }] }),
      reader(values),
    );
    values['Counter'] = 1;
    expect(watch.update(0)).toBe(false);
    values['Loaded'] = true;
    expect(watch.update(50)).toBe(false); // the edge, but Counter has held for 50 ms only
    values['Loaded'] = false;
    expect(watch.update(120)).toBe(false);
    values['Loaded'] = true;
    expect(watch.update(130)).toBe(true);
  });

  it('are described in words, with the actual values of their tags', () => {
    const c = condition({
      all: [
        { tag: { name: 'FACTORY I/O (Reset)', kind: 'Input' }, equals: true },
        { any: [{ falling: 'Loaded' }, { not: { tag: 'FACTORY I/O (Time Scale)', gt: 1.5 }, forMs: 2500 }] },
        { always: true },
      ],
    });
    expect(describeCondition(c)).toBe(
      'all of (FACTORY I/O (Reset) (Input) = true, any of (falling edge of Loaded, not (FACTORY I/O (Time Scale) > 1.5) for 2.5 s), always)',
    );
    expect(describeActual(c, reader({ 'FACTORY I/O (Time Scale)': 2.25 }))).toBe(
      'FACTORY I/O (Reset) (Input) = false, Loaded = false, FACTORY I/O (Time Scale) = 2.25',
    );
    expect(describeActual(condition({ always: true }), reader({}))).toBe('(no tags)');
  });

  it('format durations for people', () => {
    expect([0, 250, 999.5, 1000, 1500, 60_000, 1234.5678].map(formatDuration)).toEqual([
      '0 ms',
      '250 ms',
      '999.5 ms',
      '1 s',
      '1.5 s',
      '60 s',
      '1.235 s',
    ]);
  });
});
