// Fault schedules: the file, its binding to the stations' scenes, and its run by time and by
// condition, with every fault logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HiddenFaults } from '../../shared/lab/hidden-faults.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { FaultLog } from '../../shared/lab/fault-log.js';
import { InstructorFaults } from '../../shared/lab/instructor-faults.js';
import { parseFaultSchedule, validateFaultSchedule } from '../../shared/lab/fault-schedule.js';
import { bindSchedule, type ScheduleStation } from '../../shared/lab/schedule-runner.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { startTestLab } from './support.js';

const stationsOf = (...scenes: string[]): ScheduleStation[] =>
  scenes.map((name, i) => ({
    number: i + 1,
    engine: new TagEngine(builtinScene(name)!),
    hidden: new HiddenFaults(),
    instructor: new InstructorFaults(),
  }));
const BASIC = 'Sorting by Height (Basic)';

function bind(json: unknown, stations: ScheduleStation[], seed = 1) {
  const log = new FaultLog();
  const bound = bindSchedule(validateFaultSchedule(json), stations, { seed, log, now: () => 0 });
  if ('problems' in bound) throw new Error(bound.problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  return { runner: bound.runner, log };
}
const tag = (s: ScheduleStation, name: string) => s.engine.tagsNamed(name)[0]!;

describe('a fault schedule file', () => {
  it('lists every problem with its place', () => {
    const text = JSON.stringify({
      faults: [
        { fault: { tag: 'A', kind: 'alwaysOn' } },
        { at: 0, when: { always: true }, fault: { tag: 'A', kind: 'alwaysOn' } },
        { at: 0, fault: { tag: 'A', kind: 'force' }, clearAfter: 10, clearWhen: { always: true } },
        { when: { tag: 'A' }, fault: { tag: 'A', kind: 'alwaysOff' } },
        { at: -1, fault: { tag: 'A', kind: 'sparks' }, pick: 'some' },
        'x',
      ],
    });
    expect(() => parseFaultSchedule(text, 'lesson.json')).toThrow(
      [
        'lesson.json is not a valid fault schedule (9 problems):',
        '  faults[0]: needs one of at (ms after the start) or when (a condition) to say when the fault goes on',
        '  faults[1]: has both at and when; give one to say when the fault goes on',
        '  faults[2]: has both clearAfter and clearWhen; give one (or neither: the fault stays on)',
        '  faults[2].fault.value: a force needs the value to force (true/false, or a number)',
        '  faults[3].when: compares the tag with nothing; add one of equals, notEquals, gt, ge, lt, le (e.g. "equals": true)',
        '  faults[4].fault.kind: must be one of force, alwaysOff, alwaysOn; got "sparks"',
        '  faults[4].pick: must be "each" (every station named) or "one" (one of them at random); got "some"',
        '  faults[4].at: must be a number of milliseconds, 0 or more and at most 2147483647; got -1',
        '  faults[5]: a scheduled fault is an object such as {"at": 60000, "fault": {...}}; got string "x"',
      ].join('\n'),
    );
    // Locked is the stricter kind of hidden: a shown fault cannot be locked.
    expect(() =>
      parseFaultSchedule(
        '{"faults": [{"at": 0, "fault": {"tag": "A", "kind": "alwaysOn", "locked": true}}]}',
      ),
    ).toThrow('faults[0].fault.locked: only a hidden fault is locked; add "hidden": true');
    expect(
      parseFaultSchedule(
        '{"faults": [{"at": 0, "fault": {"tag": "A", "kind": "alwaysOn", "hidden": true, "locked": true}}]}',
      ).faults[0]!.fault,
    ).toMatchObject({ hidden: true, locked: true });
    expect(() => parseFaultSchedule('{"faults": []}')).toThrow(
      'faults: must be a non-empty array of scheduled faults; got an empty array',
    );
  });

  it("is checked against each station's scene: its tags and conditions, naming the station", () => {
    const stations = stationsOf(BASIC, 'Filling Tank');
    const bound = bindSchedule(
      validateFaultSchedule({
        faults: [
          {
            at: 0,
            fault: { tag: 'High sensor', kind: 'alwaysOn' },
            clearWhen: { tag: 'Conveyor', equals: true },
          },
        ],
      }),
      stations,
      { seed: 1, log: new FaultLog(), now: () => 0 },
    );
    expect(bound).toEqual({
      problems: [
        {
          path: 'faults[0].clearWhen.tag (station 1, "Sorting by Height (Basic)")',
          message: expect.stringMatching(/^no tag is named 'Conveyor'/),
        },
        {
          path: 'faults[0].fault.tag (station 2, "Filling Tank")',
          message: "no tag is named 'High sensor' in this scene",
        },
        {
          path: 'faults[0].clearWhen.tag (station 2, "Filling Tank")',
          message: expect.stringMatching(/^no tag is named 'Conveyor'/),
        },
      ],
    });
  });
});

describe('a fault schedule run', () => {
  it('puts a fault on at its time and takes it off after its while, on the stations named, logged', () => {
    const stations = stationsOf(BASIC, BASIC, BASIC);
    const { runner, log } = bind(
      {
        faults: [
          {
            name: 'dead sensor',
            at: 1000,
            clearAfter: 500,
            stations: [1, 3],
            fault: { tag: 'High sensor', kind: 'alwaysOff', hidden: true },
          },
        ],
      },
      stations,
    );
    runner.update(999);
    expect(tag(stations[0]!, 'High sensor').openCircuit).toBe(false);
    runner.update(1000);
    expect(stations.map((s) => tag(s, 'High sensor').openCircuit)).toEqual([true, false, true]);
    expect(stations[0]!.hidden.size).toBe(1);
    expect(runner.tasks).toEqual([
      { name: 'dead sensor', station: 1, state: 'on' },
      { name: 'dead sensor', station: 3, state: 'on' },
    ]);
    runner.update(1499);
    expect(tag(stations[0]!, 'High sensor').openCircuit).toBe(true);
    runner.update(1500);
    expect(stations.map((s) => tag(s, 'High sensor').openCircuit)).toEqual([false, false, false]);
    expect(stations[0]!.hidden.size).toBe(0);
    expect(runner.finished).toBe(true);
    expect(log.entries.map((e) => [e.station, e.action, e.tag, e.hidden, e.by])).toEqual([
      [1, 'applied', 'High sensor', true, 'dead sensor'],
      [3, 'applied', 'High sensor', true, 'dead sensor'],
      [1, 'cleared', 'High sensor', false, 'dead sensor'],
      [3, 'cleared', 'High sensor', false, 'dead sensor'],
    ]);
  });

  it('puts a fault on when a condition holds on that station, and off when the student reacts', () => {
    const stations = stationsOf(BASIC, BASIC);
    const { runner } = bind(
      {
        faults: [
          {
            when: { tag: 'Counter', ge: 3 },
            fault: { tag: 'Load', kind: 'force', value: false },
            clearWhen: { rising: 'Unload' },
          },
        ],
      },
      stations,
    );
    const [one, two] = stations;
    runner.update(0);
    one!.engine.write('set', 'name', [{ name: 'Counter', value: 3 }]);
    runner.update(50);
    expect(tag(one!, 'Load').isForced).toBe(true);
    expect(tag(two!, 'Load').isForced).toBe(false);
    runner.update(100);
    one!.engine.write('set', 'name', [{ name: 'Unload', value: true }]);
    runner.update(150);
    expect(tag(one!, 'Load').isForced).toBe(false);
    expect(runner.tasks.map((t) => t.state)).toEqual(['done', 'waiting']);
  });

  it('picks one station of a set with the seed: the same seed, the same station', () => {
    const schedule = {
      faults: [{ at: 0, pick: 'one', stations: 'all', fault: { tag: 'Low sensor', kind: 'alwaysOn' } }],
    };
    const picked = (seed: number) =>
      bind(schedule, stationsOf(BASIC, BASIC, BASIC, BASIC, BASIC), seed).runner.tasks.map((t) => t.station);
    expect(picked(1)).toHaveLength(1);
    expect(picked(1)).toEqual(picked(1));
    const seen = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => picked(seed)[0]));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('a lab with a schedule', () => {
  const open: Lab[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((lab) => lab.close()));
  });

  it('runs it on its own timers from the start, and refuses one that does not fit its scenes', async () => {
    const schedule = validateFaultSchedule({
      faults: [{ at: 0, stations: [2], fault: { tag: 'Load', kind: 'alwaysOn' } }],
    });
    const lab = await startTestLab({ schedule: { schedule } });
    open.push(lab);
    await vi.waitFor(() =>
      expect(lab.stations[1]!.tagsim.engine.tagsNamed('Load')[0]!.shortCircuit).toBe(true),
    );
    expect(lab.log.entries).toMatchObject([{ station: 2, action: 'applied', tag: 'Load', by: 'faults[0]' }]);

    const wrong = validateFaultSchedule({
      faults: [{ at: 0, stations: [4], fault: { tag: 'Load', kind: 'alwaysOn' } }],
    });
    await expect(startTestLab({ schedule: { schedule: wrong, source: 'l.json' } })).rejects.toMatchObject({
      message: 'l.json is not a valid fault schedule (1 problem):',
      cause: { problems: [{ path: 'faults[0].stations', message: 'there is no station 4; this lab has 3' }] },
    });
  });
});
