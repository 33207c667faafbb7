import { describe, expect, it } from 'vitest';
import { parseScenarioFile, validateScenarioJson } from '../../shared/scenario/scenario-file.js';
import { DEFAULT_SCENARIO_TIMEOUT_MS } from '../../shared/scenario/scenario-types.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';

const base = { format: 'tagsim-scenario', version: 1, name: 'S' };

/** The problems of a file, formatted `path: message`. */
function problemsOf(json: unknown): string[] {
  try {
    validateScenarioJson(json, 'x.json');
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  return [];
}

describe('scenario files', () => {
  it('reads every kind of step, with at, after and the default after 0', () => {
    const scenario = parseScenarioFile(
      JSON.stringify({
        ...base,
        name: '  Sorts ten boxes ',
        description: 'd',
        scene: 'Sorting by Height (Basic)',
        seed: 7,
        timeoutMs: 120000,
        steps: [
          { at: 0, set: { name: 'Pallet sensor', kind: 'Input' }, value: true },
          { at: 500, force: 'Load', value: false },
          { at: 1000, fail: 'High sensor', mode: 'alwaysOn' },
          { at: 2000, release: { id: 'abc' } },
          {
            waitFor: { tag: { name: 'Counter', kind: 'Output' }, ge: 10 },
            timeoutMs: 60000,
            name: 'ten boxes',
          },
          { after: 100, expect: { tag: 'Counter', equals: 10 }, forMs: 500, description: 'note' },
          { log: 'done' },
        ],
      }),
    );
    expect(scenario).toMatchObject({
      name: 'Sorts ten boxes',
      description: 'd',
      scene: 'Sorting by Height (Basic)',
      seed: 7,
      timeoutMs: 120000,
    });
    expect(scenario.steps.map((s) => [s.path, s.kind, s.time])).toEqual([
      ['steps[0]', 'set', { at: 0 }],
      ['steps[1]', 'force', { at: 500 }],
      ['steps[2]', 'fail', { at: 1000 }],
      ['steps[3]', 'release', { at: 2000 }],
      ['steps[4]', 'waitFor', { after: 0 }],
      ['steps[5]', 'expect', { after: 100 }],
      ['steps[6]', 'log', { after: 0 }],
    ]);
    expect(scenario.steps[0]).toMatchObject({ tag: { name: 'Pallet sensor', kind: 'Input' }, value: true });
    expect(scenario.steps[2]).toMatchObject({ mode: 'alwaysOn' });
    expect(scenario.steps[4]).toMatchObject({ name: 'ten boxes', timeoutMs: 60000 });
    expect(scenario.steps[5]).toMatchObject({ forMs: 500, name: undefined });
  });

  it('defaults the time limit and leaves scene and seed to the command line', () => {
    const scenario = validateScenarioJson({ ...base, steps: [{ log: 'x' }] });
    expect(scenario.timeoutMs).toBe(DEFAULT_SCENARIO_TIMEOUT_MS);
    expect(scenario.scene).toBeUndefined();
    expect(scenario.seed).toBeUndefined();
  });

  it('says where a file is not JSON, and that it must be an object', () => {
    expect(() => parseScenarioFile('{"format": "tagsim-scenario",}', 'x.json')).toThrow(
      /x\.json is not a valid scenario \(1 problem\):\n {2}\(file\): not valid JSON at line 1, column 30.*remove the comma/,
    );
    expect(problemsOf([])).toEqual(['(file): a scenario file is a JSON object; got an array']);
  });

  it('lists every problem of the root with its place', () => {
    expect(
      problemsOf({ format: 'tagsim-scene', version: 2, nme: 'x', seed: -1, timeoutMs: 0, steps: {} }),
    ).toEqual([
      "nme: unknown field; did you mean 'name'? (known fields here: format, version, name, description, scene, seed, timeoutMs, steps)",
      'format: must be "tagsim-scenario"; got "tagsim-scene" (is this a TagSim scenario file?)',
      'version: 2 is newer than this TagSim reads (1); update TagSim',
      "name: must be a non-empty string, the scenario's name (the report's test suite); got nothing",
      'seed: must be a whole number from 0 to 4294967295; got -1',
      'timeoutMs: must be a number of milliseconds, above 0 and at most 2147483647; got 0',
      'steps: must be an array of steps; got an object',
    ]);
    expect(problemsOf({ ...base, steps: [] })).toEqual([
      'steps: has no steps; a scenario needs at least one',
    ]);
  });

  it('refuses steps that do nothing, or two things, and says what was probably meant', () => {
    expect(
      problemsOf({ ...base, steps: [{ at: 0 }, { wait: {}, at: 1 }, { set: 'A', force: 'A', value: 1 }, 3] }),
    ).toEqual([
      'steps[0]: says nothing to do; a step has one of: set, force, release, fail, waitFor, expect, log, chaos',
      "steps[1]: says nothing to do; did you mean 'waitFor'? (a step has one of: set, force, release, fail, waitFor, expect, log, chaos)",
      'steps[2]: has set and force; a step does one thing: split it into 2 steps',
      'steps[3]: a step is an object such as {"at": 0, "set": "Sensor", "value": true}; got number 3',
    ]);
  });

  it('checks times, values, modes and tag references', () => {
    expect(
      problemsOf({
        ...base,
        steps: [
          { at: 100, after: 5, log: 'x' },
          { at: -1, log: 'x' },
          { set: 'A' },
          { force: 'A', value: 'on' },
          { fail: 'A', mode: 'openCircuit' },
          { release: { name: 'A', kind: 'input' } },
          { release: { id: 'x', name: 'A' } },
          { release: { nam: 'A' } },
          { set: '', value: 1 },
          { waitFor: { always: true }, timeoutMs: -5 },
          { log: '' },
          { waitFor: { always: true }, timeout: 5 },
        ],
      }),
    ).toEqual([
      'steps[0]: has both at and after; give one (at: ms from the start, after: ms after the previous step)',
      'steps[1].at: must be a number of milliseconds, 0 or more and at most 2147483647; got -1',
      'steps[2].value: set needs a value (true/false, or a number)',
      'steps[3].value: must be true, false or a number; got "on"',
      'steps[4].mode: must be one of alwaysOff, alwaysOn, none; got "openCircuit" (an open circuit is alwaysOff)',
      'steps[5].release.kind: must be "Input" or "Output"; got "input"',
      'steps[6].release: an id reference is {"id": "<the tag\'s id>"} alone; got {"id":"x","name":"A"}',
      'steps[7].release: unknown field \'nam\' in a tag reference; a tag is named by a string, {"name": ..., "kind": "Input" | "Output"} or {"id": ...}',
      'steps[8].set: must name a tag; a tag is named by a string, {"name": ..., "kind": "Input" | "Output"} or {"id": ...}',
      'steps[9].timeoutMs: must be a number of milliseconds, above 0 and at most 2147483647; got -5',
      'steps[10].log: must be the text to print; got ""',
      "steps[11].timeout: unknown field; did you mean 'timeoutMs'? (known fields here: waitFor, timeoutMs, at, after, name, description)",
    ]);
  });

  it('refuses an at that goes back in time, since steps run in order', () => {
    expect(
      problemsOf({
        ...base,
        steps: [
          { at: 1000, log: 'a' },
          { after: 10, log: 'b' },
          { at: 500, log: 'c' },
        ],
      }),
    ).toEqual([
      'steps[2].at: 500 is before steps[0]\'s at 1000; steps run in order (reorder them, or use "after" for a time relative to the previous step)',
    ]);
  });

  it('checks conditions in the shape of the behaviours, with what an expect cannot do', () => {
    expect(
      problemsOf({
        ...base,
        steps: [
          { waitFor: { tag: 'A' } },
          { waitFor: { tag: 'A', equals: null, gt: true } },
          { waitFor: { rising: 'A', forMs: 5 } },
          { waitFor: { all: [] } },
          { waitFor: { any: [{ tag: 'A', equals: 1 }, { nope: 1 }] } },
          { waitFor: { always: false } },
          { waitFor: { tag: 'A', rising: 'A', equals: 1 } },
          { expect: { falling: 'A' } },
          { expect: { tag: 'A', equals: 1, forMs: 100 } },
          { waitFor: { not: { tag: 'A', equals: true, forMs: 100 }, forMs: 50, extra: 1 } },
        ],
      }),
    ).toEqual([
      'steps[0].waitFor: compares the tag with nothing; add one of equals, notEquals, gt, ge, lt, le (e.g. "equals": true)',
      'steps[1].waitFor.equals: must be true, false or a number; got null',
      'steps[1].waitFor.gt: must be a number; got true',
      'steps[2].waitFor.forMs: an edge lasts one moment, so forMs does not apply; remove it',
      'steps[3].waitFor.all: must be a non-empty array of conditions; got an empty array',
      'steps[4].waitFor.any[1]: must have one of tag, rising, falling, all, any, not, always (e.g. {"tag": "Counter", "ge": 10})',
      'steps[5].waitFor.always: must be true; got false',
      'steps[6].waitFor: has tag and rising; a condition has one of them (combine with "all" or "any")',
      'steps[7].expect: an edge lasts one moment and an expect checks one moment; use waitFor {"falling": ...}',
      'steps[8].expect.forMs: an expect checks the moment it runs; to check that a condition holds for a while, give the step a forMs',
      'steps[9].waitFor.extra: unknown field; remove it (known fields here: not, forMs)',
    ]);
  });

  it('limits how deep conditions nest', () => {
    let condition: unknown = { tag: 'A', equals: 1 };
    for (let i = 0; i < 20; i++) condition = { not: condition };
    expect(problemsOf({ ...base, steps: [{ waitFor: condition }] })).toEqual([
      `steps[0].waitFor${'.not'.repeat(16)}: conditions nest deeper than 16 levels; simplify`,
    ]);
  });
});

describe('chaos steps in a scenario file', () => {
  it('read the rules of PUT /tagsim/v1/chaos, and [] to clear them', () => {
    const rule = { method: 'GET', path: '/api/tags', status: 503, times: 2 };
    const scenario = validateScenarioJson({ ...base, steps: [{ chaos: [rule] }, { after: 5, chaos: [] }] });
    expect(scenario.steps).toEqual([
      { kind: 'chaos', rules: [rule], path: 'steps[0]', time: { after: 0 }, name: undefined },
      { kind: 'chaos', rules: [], path: 'steps[1]', time: { after: 5 }, name: undefined },
    ]);
  });

  it("are checked by the chaos API's own check, each problem at its place in the step", () => {
    expect(
      problemsOf({
        ...base,
        steps: [
          { chaos: [{ path: '/api/tags', status: 200 }] },
          { chaos: [{ path: '/api/tags' }, { status: 503, reset: true }] },
          { chaos: { rules: [] } },
          { chaos: [{ stauts: 503 }] },
          { chaos: Array.from({ length: 51 }, () => ({ status: 503 })) },
          { chaos: [{ latencyMs: [900, 100] }] },
          { chaos: [], set: 'A', value: 1 },
        ],
      }),
    ).toEqual([
      'steps[0].chaos[0].status: must be an error status from 400 to 599; got 200',
      'steps[1].chaos[0]: does nothing: give it a latencyMs, a status or reset: true',
      'steps[1].chaos[1]: cannot both answer a status and drop the connection (reset)',
      'steps[2].chaos: must be a list of chaos rules like [{"path": "/api/tags", "status": 503}], or [] to clear them; got an object',
      expect.stringMatching(/^steps\[3\]\.chaos\[0\]\.stauts: unknown field; did you mean 'status'\?/),
      'steps[4].chaos: has 51 rules; at most 50',
      'steps[5].chaos[0].latencyMs: [900, 100] has its min above its max',
      'steps[6]: has set and chaos; a step does one thing: split it into 2 steps',
    ]);
  });
});
