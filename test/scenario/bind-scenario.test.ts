import { describe, expect, it } from 'vitest';
import { convertTo } from '../../shared/core/convert.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { bindScenario } from '../../shared/scenario/bind-scenario.js';
import { validateScenarioJson } from '../../shared/scenario/scenario-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';

const scene = builtinScene(DEFAULT_SCENE_NAME)!;
const idOf = (name: string, kind: 'Input' | 'Output') =>
  scene.tags.find((t) => t.name === name && t.kind === kind)!.id;

function bind(steps: unknown[]) {
  return bindScenario(
    validateScenarioJson({ format: 'tagsim-scenario', version: 1, name: 'S', steps }),
    scene,
    's.json',
  );
}

function problemsOf(steps: unknown[]): string[] {
  try {
    bind(steps);
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  return [];
}

describe('binding a scenario to a scene', () => {
  it('resolves names, kinds and ids, and converts values to the tags types', () => {
    const bound = bind([
      { set: 'Pallet sensor', value: 1 },
      { force: 'Counter', value: 2.5 },
      { fail: { name: 'FACTORY I/O (Reset)', kind: 'Input' }, mode: 'alwaysOn' },
      { release: { id: idOf('Load', 'Output') } },
      { waitFor: { tag: 'Counter', ge: 10 } },
      { expect: { tag: { name: 'FACTORY I/O (Time Scale)' }, equals: 1.1 }, name: 'scale' },
    ]);
    expect(bound).toMatchObject({ name: 'S', sceneName: DEFAULT_SCENE_NAME, timeoutMs: 300_000 });
    const [set, force, fail, release, waitFor, expectStep] = bound.steps;
    expect(set).toMatchObject({ kind: 'set', value: true, tag: { label: 'Pallet sensor' } });
    expect(set?.kind === 'set' && set.tag.def.id).toBe(idOf('Pallet sensor', 'Input'));
    // Ints round half to even, as the API converts.
    expect(force).toMatchObject({ kind: 'force', value: 2, tag: { label: 'Counter' } });
    expect(fail).toMatchObject({
      kind: 'fail',
      mode: 'alwaysOn',
      tag: { label: 'FACTORY I/O (Reset) (Input)' },
    });
    expect(release).toMatchObject({ kind: 'release', tag: { label: 'Load' } });
    expect(waitFor).toMatchObject({ kind: 'waitFor', name: 'steps[4]: wait for Counter >= 10' });
    // A Float compares as the value the engine stores (converted as the API converts).
    expect(expectStep).toMatchObject({
      kind: 'expect',
      name: 'scale',
      condition: { type: 'compare', equals: convertTo('Float', 1.1) },
    });
  });

  it('a bare name in a set means the Input of that name', () => {
    const [step] = bind([{ set: 'FACTORY I/O (Reset)', value: true }]).steps;
    expect(step?.kind === 'set' && step.tag.def.kind).toBe('Input');
  });

  it('lists every problem with its place', () => {
    expect(
      problemsOf([
        { set: 'pallet sensor', value: true },
        { set: 'Load', value: true },
        { force: 'Nope', value: true },
        { release: { id: 'nope' } },
        { fail: 'FACTORY I/O (Reset)', mode: 'alwaysOn' },
        { force: 'Counter', value: 1e12 },
        { waitFor: { tag: 'Loaded', gt: 0 } },
        { waitFor: { rising: 'Counter' } },
        {
          waitFor: {
            all: [
              { tag: 'Counter', equals: true },
              { tag: { name: 'Load', kind: 'Input' }, equals: true },
            ],
          },
        },
        { waitFor: { tag: 'Loaded', equals: 'x' } },
      ]),
    ).toEqual([
      "steps[0].set: no tag is named 'pallet sensor' in this scene; did you mean 'Pallet sensor'?",
      "steps[1].set: 'Load' is an Output, which the client under test writes; to override what it writes, use force",
      "steps[2].force: no tag is named 'Nope' in this scene (names are case-sensitive)",
      "steps[3].release: no tag has the id 'nope' in this scene",
      'steps[4].fail: \'FACTORY I/O (Reset)\' names an Input and an Output; say which, e.g. {"name": "FACTORY I/O (Reset)", "kind": "Output"}',
      "steps[5].value: 1000000000000 is not a valid Int value for 'Counter'",
      "steps[6].waitFor.gt: gt compares numbers; 'Loaded' is a Bit: use equals true or false",
      "steps[7].waitFor.rising: rising applies to Bit tags; 'Counter' is an Int: compare it with gt or lt",
      'steps[8].waitFor.all[1].tag: \'Load\' is an Output, not an Input; use {"name": "Load", "kind": "Output"}',
      `steps[9].waitFor.equals: "x" is not a valid Bit value for 'Loaded'`,
    ]);
  });

  it('names the scene in the error', () => {
    expect(() => bind([{ set: 'Nope', value: 1 }])).toThrow(
      `s.json is not a valid scenario for the scene "${DEFAULT_SCENE_NAME}" (1 problem):`,
    );
  });
});
