// validateBehaviours: every problem with its place and a message that says how to fix it, in the
// style of the scene file's own problems.
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../shared/problems/problem-list.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { testScene } from './plc.js';

const TAGS = testScene([
  ['Conveyor', 'Bit', 'Output'],
  ['Sensor', 'Bit', 'Input'],
  ['Counter', 'Int', 'Output'],
  ['Count', 'Int', 'Input'],
  ['Level', 'Float', 'Input'],
  ['Valve', 'Float', 'Output'],
]).tags;

/** The problems of `behaviours`, formatted as the scene file prints them. */
const problems = (behaviours: unknown) => validateBehaviours(behaviours, TAGS).problems.map(formatProblem);

describe('validateBehaviours', () => {
  it('accepts valid behaviours and returns them', () => {
    const valid = [
      { when: { rising: 'Conveyor' }, then: [{ increment: 'Count' }] },
      { generate: 'Level', signal: 'sine', amplitude: 1, periodMs: 1000 },
      { conveyor: 'belt', length: 2, speed: 1, sensors: [{ tag: 'Sensor', from: 0, to: 1 }] },
    ];
    expect(validateBehaviours(valid, TAGS)).toEqual({ behaviours: valid, problems: [] });
    expect(validateBehaviours([], TAGS)).toEqual({ behaviours: [], problems: [] });
  });

  it('refuses a rule that writes an Output', () => {
    const rule = { when: { tag: 'Sensor', equals: true }, then: [{ set: 'Conveyor', value: true }] };
    const ok = { when: { always: true }, then: [{ set: 'Sensor', value: false }] };
    const result = validateBehaviours([ok, ok, rule], TAGS);
    expect(result.problems.map(formatProblem)).toEqual([
      "behaviours[2].then[0].set: 'Conveyor' is an Output; a behaviour may only write Input tags",
    ]);
    expect(result.behaviours).toEqual([ok, ok]); // only the ones without problems
  });

  it('names unknown tags, suggests a near name, and asks which of an Input and an Output', () => {
    expect(
      problems([
        {
          when: {
            any: [
              { tag: 'sensor', equals: true },
              { tag: 'FACTORY I/O (Reset)', equals: true },
            ],
          },
          then: [
            { set: { id: 'nope' }, value: 1 },
            { set: { name: 'Sensor', kind: 'Output' }, value: true },
          ],
        },
        { when: { tag: 'Ghost', equals: 1 }, then: [{ set: 42, value: 1 }] },
        { when: { always: true }, then: [{ set: 'FACTORY I/O (Running)', value: false }] },
      ]),
    ).toEqual([
      "behaviours[0].when.any[0].tag: no tag is named 'sensor' in this scene; did you mean 'Sensor'?",
      `behaviours[0].when.any[1].tag: 'FACTORY I/O (Reset)' names an Input and an Output; say which, e.g. {"name": "FACTORY I/O (Reset)", "kind": "Output"}`,
      "behaviours[0].then[0].set: no tag has the id 'nope' in this scene",
      `behaviours[0].then[1].set: 'Sensor' is an Input, not an Output; use {"name": "Sensor", "kind": "Input"}`,
      "behaviours[1].when.tag: no tag is named 'Ghost' in this scene (names are case-sensitive)",
      `behaviours[1].then[0].set: must name a tag: a tag is named by a string, {"name": ..., "kind": "Input" | "Output"} or {"id": ...}; got 42`,
      "behaviours[2].then[0].set: 'FACTORY I/O (Running)' is a system tag: the simulation's lifecycle sets it, a behaviour may not",
    ]);
  });

  it('checks that each action and condition fits the type of its tag', () => {
    expect(
      problems([
        {
          when: { all: [{ rising: 'Level' }, { tag: 'Sensor', gt: 1 }, { tag: 'Count', equals: 'many' }] },
          then: [
            { increment: 'Sensor' },
            { toggle: 'Count' },
            { pulse: 'Count', forMs: 100 },
            { set: 'Sensor', value: 'maybe' },
            { increment: 'Count', by: 1.5 },
          ],
        },
      ]),
    ).toEqual([
      "behaviours[0].when.all[0].rising: rising applies to Bit tags; 'Level' is a Float: compare it with gt or lt",
      "behaviours[0].when.all[1].gt: gt compares numbers; 'Sensor' is a Bit: use equals true or false",
      `behaviours[0].when.all[2].equals: "many" is not a valid Int value for 'Count'`,
      "behaviours[0].then[0].increment: increment applies to Int and Float tags; 'Sensor' is a Bit: use toggle or set",
      "behaviours[0].then[1].toggle: toggle applies to Bit tags; 'Count' is an Int: use increment or set",
      "behaviours[0].then[2].value: is missing: the Int value to pulse 'Count' to",
      `behaviours[0].then[3].value: "maybe" is not a valid Bit value for 'Sensor'`,
      "behaviours[0].then[4].by: 1.5 is not a whole number, and 'Count' is an Int",
    ]);
  });

  it('refuses a generator on a Bit tag, bad numbers and unknown signals', () => {
    expect(
      problems([
        { generate: 'Sensor', signal: 'sine', amplitude: -1, periodMs: 0, phase: 1 },
        { generate: 'Level', signal: 'cosine' },
        { generate: 'Count', signal: 'ramp', rate: 1, min: 5, max: 1 },
        {
          generate: 'Valve',
          signal: 'integrator',
          rate: { sum: [{ tag: 'Valve', scale: 'x' }] },
          min: 0,
          max: 1,
          start: 2,
        },
      ]),
    ).toEqual([
      "behaviours[0].generate: a generator drives an Int or Float Input; 'Sensor' is a Bit: use a rule or a conveyor sensor",
      'behaviours[0].amplitude: -1 is below 0',
      'behaviours[0].periodMs: must be above 0; got 0',
      'behaviours[0].phase: must be below 1; got 1',
      'behaviours[1].signal: must be one of constant, sine, square, triangle, sawtooth, ramp, randomWalk, noise, lag, integrator; got "cosine"',
      'behaviours[2].min: 5 is above max 1; swap them',
      "behaviours[3].generate: 'Valve' is an Output; a behaviour may only write Input tags",
      'behaviours[3].rate.sum[0].scale: must be a number; got "x"',
      'behaviours[3].start: 2 is outside min 0 to max 1',
    ]);
  });

  it('reports unknown fields with the known ones, and fields that do not apply', () => {
    expect(
      problems([
        {
          when: { rising: 'Sensor', forMs: 10 },
          then: [{ set: 'Sensor', value: true, extra: 1 }],
          priority: 2,
        },
        { generate: 'Level', signal: 'constant', value: 1, amplitude: 2 },
        { foo: 1 },
        'not an object',
      ]),
    ).toEqual([
      'behaviours[0].priority: unknown field; remove it (known fields here: name, when, then, delayMs)',
      'behaviours[0].when.forMs: an edge lasts one moment, so forMs does not apply; remove it',
      'behaviours[0].then[0].extra: unknown field; remove it (known fields here: set, value)',
      'behaviours[1].amplitude: unknown field; remove it (known fields here: name, generate, signal, noise, seed, value)',
      'behaviours[2]: is neither a rule ("when" and "then"), a generator ("generate" and "signal"), a conveyor ("conveyor") nor a stacker crane ("stackerCrane")',
      'behaviours[3]: must be an object: a rule, a generator, a conveyor or a stacker crane; got string "not an object"',
    ]);
  });

  it('checks conveyors: numbers, spans, sensor tags, exits and unique names', () => {
    expect(
      problems([
        {
          conveyor: 'a',
          length: 0,
          speed: -1,
          sensors: [{ tag: 'Level', from: 2, to: 1 }],
          exits: [{ to: 'zzz' }],
          feeder: { items: [], gap: -1, total: 1.5 },
          end: 'drop',
        },
        { conveyor: 'a', length: 2, speed: 1, sensors: [{ tag: 'Sensor', from: 0, to: 3 }] },
        { conveyor: 'c', length: 2, speed: 1, exits: [{ to: 'c' }] },
      ]),
    ).toEqual([
      'behaviours[0].length: must be above 0; got 0',
      'behaviours[0].speed: -1 is negative; belts here run forwards only',
      'behaviours[0].feeder.items: must be a non-empty array of item labels (strings); got []',
      'behaviours[0].feeder.gap: -1 is below 0',
      'behaviours[0].feeder.total: must be a whole number of at least 0; got 1.5',
      "behaviours[0].sensors[0].tag: a conveyor sensor without reads is a Bit Input; 'Level' is a Float: add reads (its value per item label, as a vision sensor or a scale shows) or use a generator",
      'behaviours[0].sensors[0].from: 2 is beyond to 1; swap them',
      'behaviours[0].end: must be "stop" or "remove"; got "drop"',
      "behaviours[1].conveyor: behaviours[0] is already a conveyor named 'a'; names must be unique",
      'behaviours[1].sensors[0].to: 3 is beyond the end of the conveyor (length 2)',
      "behaviours[0].exits[0].to: no conveyor is named 'zzz' (conveyors: 'a', 'c')",
      "behaviours[2].exits[0].to: an exit leads to another conveyor, not back to 'c' itself",
    ]);
  });

  it('accepts sensors that read a value per item label on Int and Float Inputs', () => {
    const valid = [
      {
        conveyor: 'belt',
        length: 2,
        speed: 1,
        sensors: [
          { tag: 'Count', from: 1, to: 1.2, reads: { 'blue lid': 2, 'blue base': 3 } },
          { tag: 'Level', from: 0, to: 2, reads: { light: 2.5, heavy: 6 }, otherwise: -0.5 },
        ],
      },
    ];
    expect(validateBehaviours(valid, TAGS)).toEqual({ behaviours: valid, problems: [] });
  });

  it('checks sensors that read values: the tag type, the values and the fields that do not apply', () => {
    const sensors = (name: string, ...list: unknown[]) => ({
      conveyor: name,
      length: 2,
      speed: 1,
      sensors: list,
    });
    expect(
      problems([
        sensors(
          'a',
          { tag: 'Sensor', from: 0, to: 1, reads: { box: 1 } },
          { tag: 'Count', from: 0, to: 1, reads: { lid: 1.5, base: 'three', '': 1, raw: 3e10 } },
          { tag: 'Count', from: 0, to: 1, reads: [1, 2] },
        ),
        sensors(
          'b',
          { tag: 'Level', from: 0, to: 1, reads: {}, otherwise: 'none', normallyClosed: true },
          { tag: 'Sensor', from: 0, to: 1, otherwise: 0 },
        ),
      ]),
    ).toEqual([
      "behaviours[0].sensors[0].reads: reads gives an Int or Float Input a value per item label; 'Sensor' is a Bit: remove reads (a Bit sensor is on while it sees an item; detects limits which)",
      'behaviours[0].sensors[1].reads["lid"]: 1.5 is not a whole number, and \'Count\' is an Int',
      'behaviours[0].sensors[1].reads["base"]: must be a number; got "three"',
      'behaviours[0].sensors[1].reads[""]: an item label must not be empty',
      'behaviours[0].sensors[1].reads["raw"]: 30000000000 is outside what \'Count\' holds (-2147483648 to 2147483647)',
      'behaviours[0].sensors[2].reads: must be an object of item labels and their values, e.g. {"blue lid": 2}; got an array',
      'behaviours[1].sensors[0].normallyClosed: does not apply to a sensor with reads, which shows a value per item label (otherwise for the rest); remove it',
      'behaviours[1].sensors[0].reads: must be an object of item labels and their values, e.g. {"blue lid": 2}; got an empty object',
      'behaviours[1].sensors[0].otherwise: must be a number; got "none"',
      'behaviours[1].sensors[1].otherwise: applies to a sensor with reads (a value per item label); add reads or remove otherwise',
    ]);
  });

  it("keeps a reading sensor's values within its tag's range, and makes it its tag's only driver", () => {
    const tags = testScene([['Vision', 'Int', 'Input']]).tags.map((t) =>
      t.name === 'Vision' ? { ...t, min: 0, max: 9 } : t,
    );
    const belt = (name: string, sensor: object) => ({
      conveyor: name,
      length: 2,
      speed: 1,
      sensors: [sensor],
    });
    const result = validateBehaviours(
      [
        belt('a', { tag: 'Vision', from: 0, to: 1, reads: { lid: 2, odd: 12 }, otherwise: -1 }),
        belt('b', { tag: 'Vision', from: 0, to: 1, reads: { lid: 2 } }),
      ],
      tags,
    );
    expect(result.problems.map(formatProblem)).toEqual([
      'behaviours[0].sensors[0].reads["odd"]: 12 is outside what \'Vision\' holds (0 to 9)',
      "behaviours[0].sensors[0].otherwise: -1 is outside what 'Vision' holds (0 to 9)",
      "behaviours[1].sensors[0].tag: 'Vision' is also a sensor of behaviours[0]; a sensor with reads drives its tag alone, so remove one of the two",
    ]);
  });

  it('refuses a tag driven from two places', () => {
    expect(
      problems([
        { generate: 'Level', signal: 'constant', value: 1 },
        { generate: 'Level', signal: 'constant', value: 2 },
        {
          conveyor: 'a',
          length: 2,
          speed: 1,
          sensors: [{ tag: 'Sensor', from: 0, to: 1, normallyClosed: true }],
        },
        { conveyor: 'b', length: 2, speed: 1, sensors: [{ tag: 'Sensor', from: 0, to: 1 }] },
        { when: { always: true }, then: [{ toggle: 'Sensor' }] },
      ]),
    ).toEqual([
      "behaviours[1].generate: 'Level' is already driven by a generator (behaviours[0]), which sets it every step; remove one of the two",
      "behaviours[3].sensors[0].tag: 'Sensor' is also a sensor of behaviours[2] with normallyClosed true; the sensors of one tag must agree",
      "behaviours[4].then[0].toggle: 'Sensor' is already driven by a conveyor sensor (behaviours[2]), which sets it every step; remove one of the two",
    ]);
  });

  it('needs an array, limits nesting, and never throws on odd JSON', () => {
    expect(problems({})).toEqual(['behaviours: must be an array of behaviours; got an object']);
    let deep: unknown = { tag: 'Sensor', equals: true };
    for (let i = 0; i < 20; i++) deep = { not: deep };
    expect(problems([{ when: deep, then: [{ set: 'Sensor', value: true }] }])).toEqual([
      `behaviours[0].when${'.not'.repeat(16)}: conditions nest deeper than 16 levels; simplify`,
    ]);
    for (let i = 0; i < 100_000; i++) deep = { not: deep };
    // Nested too deep where this kind of behaviour has no condition: the schema's check tries every kind.
    expect(problems([{ when: { always: true }, then: [{ toggle: 'Sensor' }], runs: deep }])).toEqual([
      `behaviours[0].runs${'.not'.repeat(16)}: conditions nest deeper than 16 levels; simplify`,
    ]);
    for (const odd of [null, 1, 'x', [null], [[]], [{ when: null, then: null }], [{ conveyor: 1 }]]) {
      expect(() => validateBehaviours(odd, TAGS)).not.toThrow();
    }
  });

  it('works with the tags of a real scene', () => {
    const tags = builtinScene('Sorting by Height (Basic)')!.tags;
    const { problems: found } = validateBehaviours(
      [{ when: { rising: 'Load' }, then: [{ set: 'Conveyor entry', value: true }] }],
      tags,
    );
    expect(found.map(formatProblem)).toEqual([
      "behaviours[0].then[0].set: 'Conveyor entry' is an Output; a behaviour may only write Input tags",
    ]);
  });
});
