import { describe, expect, it } from 'vitest';
import type { TagValue } from '../../shared/core/tag-types.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { bindScenario } from '../../shared/scenario/bind-scenario.js';
import { ForwardTime } from '../../shared/scenario/scenario-clock.js';
import { validateScenarioJson } from '../../shared/scenario/scenario-file.js';
import {
  type ActionStep,
  type RunEvent,
  ScenarioRun,
  type ScenarioTarget,
} from '../../shared/scenario/scenario-run.js';

// The scheduler on a fake clock and a fake plant: the tests move time by hand and play the client
// under test by writing tag values between ticks.

const scene = builtinScene(DEFAULT_SCENE_NAME)!;
const byName = (name: string) => scene.tags.find((t) => t.name === name)!.id;

class FakePlant implements ScenarioTarget {
  readonly values = new Map<string, TagValue>();
  readonly applied: string[] = [];
  /** The host ticks the run on every change; set once the run exists. */
  onChange: () => void = () => undefined;
  failNext: string | undefined;

  read(id: string): TagValue | undefined {
    const def = scene.tags.find((t) => t.id === id);
    if (!def) return undefined;
    return this.values.get(id) ?? (def.type === 'Bit' ? false : 0);
  }

  apply(step: ActionStep): string | undefined {
    if (this.failNext) return this.failNext;
    if (step.kind === 'chaos') {
      this.applied.push(`chaos ${step.rules.length}`);
      return undefined;
    }
    this.applied.push(`${step.kind} ${step.tag.def.name}`);
    if (step.kind === 'set' || step.kind === 'force') this.write(step.tag.def.name, step.value);
    if (step.kind === 'fail' && step.mode !== 'none') this.write(step.tag.def.name, step.mode === 'alwaysOn');
    return undefined;
  }

  /** A write by the client (or the plant), seen by the run at once, as the engine's events are. */
  write(name: string, value: TagValue): void {
    this.values.set(byName(name), value);
    this.onChange();
  }
}

function setup(steps: unknown[], extra: Record<string, unknown> = {}) {
  const scenario = bindScenario(
    validateScenarioJson({ format: 'tagsim-scenario', version: 1, name: 'Test', steps, ...extra }),
    scene,
  );
  const clock = { scenario: 1000, wall: 50_000 };
  const plant = new FakePlant();
  const events: RunEvent[] = [];
  const run = new ScenarioRun(
    scenario,
    plant,
    { scenarioMs: () => clock.scenario, wallMs: () => clock.wall },
    { timeBase: 'simulation', onEvent: (e) => events.push(e) },
  );
  plant.onChange = () => run.tick();
  const lines = () => events.flatMap((e) => (e.type === 'line' ? [e.line] : []));
  /** Moves both clocks on by `ms` and ticks. */
  const at = (scenarioMs: number) => {
    clock.wall += scenarioMs + 1000 - clock.scenario;
    clock.scenario = scenarioMs + 1000;
    run.tick();
  };
  return { run, plant, clock, events, lines, at };
}

describe('ScenarioRun', () => {
  it('does each action at its time: at from the start, after from the end of the step before', () => {
    const t = setup([
      { at: 0, force: 'High sensor', value: true },
      { at: 500, set: 'Pallet sensor', value: true },
      { after: 250, release: 'High sensor' },
      { fail: 'Loaded', mode: 'alwaysOn' },
    ]);
    t.run.start();
    expect(t.plant.applied).toEqual(['force High sensor']);
    t.at(499);
    expect(t.plant.applied).toHaveLength(1);
    t.at(500);
    expect(t.plant.applied).toEqual(['force High sensor', 'set Pallet sensor']);
    t.at(749);
    expect(t.plant.applied).toHaveLength(2);
    t.at(760);
    expect(t.plant.applied).toEqual([
      'force High sensor',
      'set Pallet sensor',
      'release High sensor',
      'fail Loaded',
    ]);
    expect(t.run.finished).toBe(true);
    // Actions are stamped with their due time, whatever the tick that ran them.
    expect(t.lines()).toEqual([
      '[   0.000 s] force High sensor = true',
      '[   0.500 s] set Pallet sensor = true',
      '[   0.750 s] release High sensor',
      '[   0.750 s] fail Loaded: Always On',
      '[   0.760 s] PASSED: 1 of 1 checks passed (completed)',
    ]);
    expect(t.run.result).toMatchObject({
      passed: true,
      endReason: 'completed',
      scenarioMs: 760,
      wallMs: 760,
    });
  });

  it('waits for the client, and times what follows from when the wait ended', () => {
    const t = setup([
      { waitFor: { tag: 'Conveyor left', equals: true }, timeoutMs: 5000, name: 'left on' },
      { at: 1000, log: 'late' },
      { after: 100, log: 'then' },
      { expect: { tag: 'Conveyor left', equals: true } },
    ]);
    t.run.start();
    t.at(1500);
    expect(t.lines()).toEqual([]);
    t.clock.scenario = 3000; // the client writes at 2000 ms, between ticks
    t.plant.write('Conveyor left', true);
    t.at(2050);
    t.at(2100);
    expect(t.lines()).toEqual([
      '[   2.000 s] ok    "left on": wait for Conveyor left = true (after 2 s)',
      '[   2.000 s] log: late',
      '[   2.100 s] log: then',
      '[   2.100 s] ok    expect Conveyor left = true',
      '[   2.100 s] PASSED: 3 of 3 checks passed (completed)',
    ]);
    expect(t.run.result!.checks.map((c) => [c.name, c.kind, c.status])).toEqual([
      ['left on', 'waitFor', 'passed'],
      ['steps[3]: expect Conveyor left = true', 'expect', 'passed'],
      ['scenario finishes within 300 s', 'run', 'passed'],
    ]);
  });

  it('fails a waitFor at its timeout with expected and actual, and ends the run there', () => {
    const t = setup([
      { at: 100, waitFor: { tag: 'Counter', ge: 10 }, timeoutMs: 1000, name: 'ten boxes' },
      { force: 'Load', value: true },
      { expect: { tag: 'Counter', equals: 10 } },
    ]);
    t.run.start();
    t.plant.write('Counter', 7);
    t.at(100);
    t.at(1099);
    expect(t.run.finished).toBe(false);
    t.at(1100);
    expect(t.run.finished).toBe(true);
    expect(t.plant.applied).toEqual([]);
    const [wait, skipped, run] = t.run.result!.checks;
    expect(wait).toMatchObject({
      name: 'ten boxes',
      status: 'failed',
      message: 'expected Counter >= 10 within 1 s; actual: Counter = 7',
      wallMs: 1000,
    });
    expect(wait!.detail).toBe(
      [
        'step: steps[0] (waitFor)',
        'condition: Counter >= 10',
        'timeout: 1 s of simulation time',
        'started at 0.100 s, ended at 1.100 s (simulation time since the start)',
        'actual: Counter = 7',
      ].join('\n'),
    );
    expect(skipped).toMatchObject({
      status: 'skipped',
      message: 'not run: the scenario stopped at steps[0] (waitFor failed)',
    });
    expect(run).toMatchObject({ status: 'passed' });
    expect(t.run.result).toMatchObject({ passed: false, endReason: 'waitFor failed' });
    expect(t.lines().at(-1)).toBe(
      '[   1.100 s] FAILED: 1 of 3 checks passed, 1 failed, 1 skipped (waitFor failed)',
    );
  });

  it('records a failed expect and goes on', () => {
    const t = setup([
      { expect: { tag: 'Counter', equals: 10 }, name: 'counter is ten' },
      { at: 10, force: 'Counter', value: 10 },
      { expect: { all: [{ tag: 'Counter', equals: 10 }, { not: { tag: 'Loaded', equals: true } }] } },
    ]);
    t.run.start();
    t.at(10);
    expect(t.run.result!.checks.map((c) => [c.status, c.message])).toEqual([
      ['failed', 'expected Counter = 10; actual: Counter = 0'],
      ['passed', undefined],
      ['passed', undefined],
    ]);
    expect(t.run.result!.passed).toBe(false);
  });

  it('checks an expect with forMs at every moment, and keeps the timeline on its length', () => {
    const t = setup([
      { expect: { tag: 'Loaded', equals: false }, forMs: 1000, name: 'stays empty' },
      { expect: { tag: 'Counter', le: 3 }, forMs: 1000, name: 'at most three' },
      { after: 0, log: 'end' },
    ]);
    t.run.start();
    t.at(999);
    expect(t.run.result).toBeUndefined();
    t.at(1000);
    t.at(1200);
    t.plant.write('Counter', 4);
    t.at(1500);
    expect(t.lines()).toEqual([
      '[   1.000 s] ok    "stays empty": expect Loaded = false (for 1 s)',
      '[   1.200 s] FAIL  "at most three": expected Counter <= 3 for 1 s; it stopped holding after 200 ms; actual: Counter = 4',
    ]);
    t.at(2000);
    expect(t.lines().slice(2)).toEqual([
      '[   2.000 s] log: end',
      '[   2.000 s] FAILED: 2 of 3 checks passed, 1 failed (completed)',
    ]);
  });

  it('sees an edge and a pulse shorter than a tick through the change events', () => {
    const t = setup([
      { waitFor: { rising: 'Loaded' }, timeoutMs: 5000, name: 'pulse' },
      { waitFor: { falling: 'Loaded' }, timeoutMs: 5000, name: 'falls' },
    ]);
    t.plant.write('Loaded', true); // already on: not an edge
    t.run.start();
    t.at(100);
    expect(t.run.result).toBeUndefined();
    t.plant.write('Loaded', false);
    t.plant.write('Loaded', true); // the pulse: on, then off again before the next tick
    t.plant.write('Loaded', false);
    expect(t.run.result?.checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
  });

  it('waits for a condition to hold for forMs without a break', () => {
    const t = setup([{ waitFor: { tag: 'Counter', ge: 5, forMs: 500 }, timeoutMs: 10_000 }]);
    t.run.start();
    t.plant.write('Counter', 5);
    t.at(400);
    t.plant.write('Counter', 4);
    t.at(600);
    t.plant.write('Counter', 6);
    t.at(1000);
    expect(t.run.finished).toBe(false);
    t.at(1100);
    expect(t.lines()[0]).toBe('[   1.100 s] ok    wait for Counter >= 5 for 500 ms (after 1.1 s)');
  });

  it('ends at its real-time limit even when simulation time stands still', () => {
    const t = setup([{ waitFor: { tag: 'Counter', ge: 1 }, name: 'never' }, { expect: { always: true } }], {
      timeoutMs: 2000,
    });
    t.run.start();
    t.at(300);
    t.clock.wall += 1699; // the simulation is paused: only real time goes on
    t.run.tick();
    expect(t.run.finished).toBe(false);
    t.clock.wall += 1;
    t.run.tick();
    const [wait, skipped, run] = t.run.result!.checks;
    expect(wait).toMatchObject({
      status: 'failed',
      message:
        'the run reached its time limit (2 s of real time) while it was waiting: expected Counter >= 1; actual: Counter = 0',
    });
    expect(skipped!.status).toBe('skipped');
    expect(run).toMatchObject({
      name: 'scenario finishes within 2 s',
      status: 'failed',
      message:
        'the scenario did not finish within its timeoutMs (2 s of real time); it was at steps[0] (wait for Counter >= 1)',
      wallMs: 2000,
    });
    expect(t.run.result!.endReason).toBe('timeout');
  });

  it('reports an interruption and an action that could not be applied as errors', () => {
    const a = setup([{ waitFor: { tag: 'Counter', ge: 1 } }]);
    a.run.start();
    a.run.abort('SIGINT');
    expect(a.run.result!.checks.map((c) => c.status)).toEqual(['failed', 'error']);
    expect(a.run.result!.checks[1]!.message).toBe(
      'interrupted (SIGINT); it was at steps[0] (wait for Counter >= 1)',
    );
    expect(a.run.result!.endReason).toBe('interrupted');

    const b = setup([{ force: 'Load', value: true }, { expect: { always: true } }]);
    b.plant.failNext = 'the tag is gone';
    b.run.start();
    expect(b.run.result!.checks.map((c) => c.status)).toEqual(['skipped', 'error']);
    expect(b.run.result!.checks[1]!.message).toBe(
      'steps[0] (force Load = true) could not be applied: the tag is gone',
    );
    expect(b.lines()[0]).toBe('[   0.000 s] force Load = true FAILED: the tag is gone');
  });

  it('folds the change events of its own actions into the tick that made them', () => {
    const t = setup([
      { force: 'Counter', value: 3 },
      { waitFor: { tag: 'Counter', equals: 3 }, timeoutMs: 100 },
      { force: 'Counter', value: 4 },
      { expect: { tag: 'Counter', equals: 4 } },
    ]);
    let ticks = 0;
    t.plant.onChange = () => {
      ticks++;
      t.run.tick();
    };
    t.run.start();
    expect(ticks).toBe(2);
    expect(t.plant.applied).toEqual(['force Counter', 'force Counter']);
    expect(t.run.result!.passed).toBe(true);
    expect(t.events.filter((e) => e.type === 'finished')).toHaveLength(1);
    // Nothing happens after the end.
    t.at(10_000);
    t.run.abort('SIGTERM');
    expect(t.events.filter((e) => e.type === 'finished')).toHaveLength(1);
  });
});

describe('ForwardTime', () => {
  it('keeps counting across a reset of simulation time', () => {
    const readings = [40, 140, 290, 30, 80, 80, 0, 10];
    const time = new ForwardTime(() => readings.shift()!);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => time.now())).toEqual([0, 100, 250, 280, 330, 330, 330, 340]);
  });
});
