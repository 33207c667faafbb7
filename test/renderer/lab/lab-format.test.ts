// What the lab's dashboard says in words: times since, faults, outcomes, a typed force value.
import { describe, expect, it } from 'vitest';
import {
  ago,
  describeFault,
  describeModbus,
  describeOutcomes,
  forceValueOf,
} from '../../../renderer/lab/lab-format.js';

describe("the dashboard's words", () => {
  it('says how long ago, on the server clock', () => {
    expect(ago(undefined, 10_000)).toBe('never');
    expect(ago(9_500, 10_000)).toBe('just now');
    expect(ago(0, 45_000)).toBe('45 s ago');
    expect(ago(0, 600_000)).toBe('10 min ago');
    expect(ago(0, 3 * 3_600_000)).toBe('3 h ago');
    expect(ago(20_000, 10_000)).toBe('just now'); // a clock that went back is not the future
  });

  it('describes a fault and the outcome of an action', () => {
    const base = { id: 'x', name: 'Load', tagKind: 'Output', hidden: false, locked: false } as const;
    expect(describeFault({ ...base, forced: true, failure: 'none' })).toBe('Load: Forced to true');
    expect(describeFault({ ...base, forced: 3, failure: 'alwaysOn' })).toBe('Load: Forced to 3, Always On');
    // A tag its scene forces (an emitter), released: no longer as its scene has it.
    expect(describeFault({ ...base, name: 'Emitter', failure: 'none' })).toBe('Emitter: Released');
    expect(describeOutcomes([{ station: 1, ok: true }])).toBe('Done on 1 station.');
    const outcomes = [1, 2, 3, 4, 5].map((station) => ({ station, ok: station === 1, error: 'no tag' }));
    expect(describeOutcomes(outcomes)).toBe(
      'Done on 1 station. Not done on station 2: no tag; station 3: no tag; station 4: no tag … and 1 more.',
    );
  });

  it("says where a station's Modbus server listens, or why it does not", () => {
    expect(describeModbus({ state: 'listening', port: 5021, clients: 1 })).toBe('Modbus TCP port 5021');
    expect(describeModbus({ state: 'failed', port: 5021, clients: 0, error: 'port 5021 in use' })).toBe(
      'Modbus failed: port 5021 in use',
    );
    expect(describeModbus({ state: 'starting', port: 0, clients: 0 })).toBe('Modbus starting');
  });

  it('reads the value typed for a force', () => {
    expect(forceValueOf(' TRUE ')).toBe(true);
    expect(forceValueOf('off')).toBe(false);
    expect(forceValueOf('1')).toBe(1);
    expect(forceValueOf('2.5')).toBe(2.5);
    expect(forceValueOf('')).toBe('Type true, false or a number to force to.');
    expect(forceValueOf('maybe')).toBe('Type true, false or a number to force to.');
  });
});
