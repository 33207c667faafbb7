// Sensor polarity in the scenes without a saved copy of the simulator's own scene
// (docs/fidelity.md, "Sensor polarity without a saved copy"): a retro-reflective light barrier
// reads true while nothing breaks its beam, a diffuse sensor true only while it sees an item.
// Each sensor's kind comes from the vendor's sample controller for the scene
// (realgamessoftware/factoryio-sdk: samples/Controllers/Scenes/*.cs) and, where one exists, the
// part a modified public copy of the scene places there; the controllers that run these plants
// end to end are in builtin-scenes.test.ts and plants/.
import { describe, expect, it } from 'vitest';
import { Bench } from './plc.js';

type Kind = 'retro-reflective' | 'diffuse';

/** [scene, sensor, kind, whether the plant's first item already sits there at start]. */
const SENSORS: readonly (readonly [string, string, Kind, boolean?])[] = [
  ['From A to B', 'Sensor', 'retro-reflective'],
  ['From A to B (Set and Reset)', 'Sensor A', 'retro-reflective', true],
  ['From A to B (Set and Reset)', 'Sensor B', 'retro-reflective'],
  ['Queue of Items', 'Item ready', 'retro-reflective'],
  ['Queue of Items', 'At entry', 'retro-reflective'],
  ['Queue of Items', 'At exit', 'retro-reflective'],
  ['Converge Station', 'At entry 1', 'diffuse'],
  ['Converge Station', 'At entry 2', 'diffuse'],
  ['Converge Station', 'At transfer 1', 'diffuse'],
  ['Converge Station', 'At transfer 2', 'diffuse'],
  ['Converge Station', 'At exit', 'diffuse'],
  ...['At entry left', 'At entry 0', 'At entry 1', 'At entry 2', 'At exit 0', 'At exit 1', 'At exit 2'].map(
    (name) => ['Elevator (Basic)', name, 'retro-reflective'] as const,
  ),
  ['Elevator (Basic)', 'At exit right', 'retro-reflective'],
  ['Elevator (Basic)', 'At exit', 'retro-reflective'],
  ...['At elevator', 'At entry', 'At exit', 'At 1', 'At 2', 'At 3'].map(
    (name) => ['Elevator (Advanced)', name, 'retro-reflective'] as const,
  ),
  ['Pick & Place (XYZ)', 'Part at place', 'retro-reflective'],
  ['Pick & Place (XYZ)', 'Box at place', 'retro-reflective'],
  ['Production Line', 'Lids at entry', 'retro-reflective'],
  ['Production Line', 'Bases at entry', 'retro-reflective'],
  ...[
    'At entry',
    'At turntable entry',
    'At left entry',
    'At right entry',
    'At left exit',
    'At right exit',
  ].map((name) => ['Sorting by Height (Advanced)', name, 'diffuse'] as const),
];

describe('sensor polarity in the scenes without a saved copy', () => {
  const cases = SENSORS.map(([scene, sensor, kind, seesFirstItem = false]) => ({
    scene,
    sensor,
    kind,
    seesFirstItem,
  }));
  it.each(cases)('$scene: $sensor is $kind', ({ scene, sensor, kind, seesFirstItem }) => {
    const bench = Bench.builtin(scene);
    const clear = kind === 'retro-reflective';
    expect(bench.io.in(sensor)).toBe(seesFirstItem ? !clear : clear);
  });

  it('a retro-reflective sensor goes false while an item breaks its beam, and true again once it has left', () => {
    const bench = Bench.builtin('From A to B');
    const seen: boolean[] = [];
    bench.runFor((io) => {
      io.set('Conveyor', true); // the box runs through B and off the end
      const value = io.in('Sensor') === true;
      if (seen.at(-1) !== value) seen.push(value);
    }, 12_000);
    expect(seen.slice(0, 3)).toEqual([true, false, true]);
  });

  it('a diffuse sensor goes true while it sees an item', () => {
    const bench = Bench.builtin('Converge Station');
    expect(bench.io.in('At entry 1')).toBe(false);
    bench.runUntil(
      (io) => io.set('Conveyor 1', true),
      () => bench.io.in('At entry 1') === true,
      60_000,
    );
    expect(bench.io.in('At entry 1')).toBe(true);
  });
});
