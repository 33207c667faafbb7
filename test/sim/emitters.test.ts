// Every built-in plant whose scene has an emitter obeys it, as the real scene's emitter does
// (docs/fidelity.md, "Emitters"): the scene keeps it forced on, so it puts items on its conveyor
// whatever a controller writes; forced false, or released and off, it puts none; switched on for
// a moment (a pulse, by force or by writes once released) it releases one item.
import { describe, expect, it } from 'vitest';
import type { TagValue } from '../../shared/core/tag-types.js';
import { Bench, type Io } from './plc.js';
import { sampleController } from '../scenes/builtin/warehouse-sample.js';

interface EmitterCase {
  readonly scene: string;
  readonly emitter: string;
  /** The Outputs that carry the emitter's items away from it (and out of the plant, where they can). */
  readonly run: Readonly<Record<string, TagValue>>;
  /** The conveyors the emitter's items travel on while `run` holds (default: all of them). */
  readonly conveyors?: readonly string[];
  /** A controller that makes room for the items instead (the warehouse's crane stores them). */
  readonly controller?: () => (io: Io) => void;
}

const CASES: readonly EmitterCase[] = [
  { scene: 'Sorting by Height (Basic)', emitter: 'Emitter', run: { 'Conveyor entry': true } },
  {
    // The load conveyor holds one pallet and the entry one more: the crane must clear them.
    scene: 'Automated Warehouse',
    emitter: 'Emitter',
    run: {},
    controller: () => sampleController().scan,
  },
  {
    scene: 'Buffer Station',
    emitter: 'Emitter',
    run: { 'Buffer conveyor': 10, 'Stop blade': false, 'Exit conveyor': 10 },
  },
  { scene: 'Pick & Place (Basic)', emitter: 'Emitter', run: { 'Entry conveyor': true } },
  { scene: 'Sorting Station', emitter: 'Emitter', run: { 'Entry conveyor': true, 'Exit conveyor': true } },
  {
    scene: 'Sorting by Weight',
    emitter: 'Emitter',
    run: { 'Entry conveyor': true, 'Load scale': true, 'Send forward': true, 'Front conveyor': true },
  },
  ...[1, 2].map((n) => ({
    scene: 'Separating Station',
    emitter: `Emitter ${n}`,
    run: { [`Entry conveyor ${n}`]: true, [`Conveyor ${n}`]: true },
    conveyors: [`entry ${n}`, `pusher ${n}`, `exit ${n}`],
  })),
  { scene: 'Assembler', emitter: 'Lids emitter', run: { 'Lids conveyor': true }, conveyors: ['lids'] },
  {
    scene: 'Assembler',
    emitter: 'Bases emitter',
    run: { 'Bases conveyor': true, 'Pos. raise (bases)': true, 'Clamp base': false },
    conveyors: ['bases', 'exit'],
  },
  {
    scene: 'Assembler (Analog)',
    emitter: 'Lids emitter',
    run: { 'Lids conveyor 1': true, 'Stop blade 1': false, 'Lids conveyor 2': true },
    conveyors: ['lids 1', 'lids 2'],
  },
  {
    scene: 'Assembler (Analog)',
    emitter: 'Bases emitter',
    run: { 'Bases conveyor 1': true, 'Stop blade 2': false, 'Bases conveyor 2': true },
    conveyors: ['bases 1', 'bases 2'],
  },
  {
    scene: 'Palletizer',
    emitter: 'Parts emitter',
    run: { 'Box feeder': true, 'Load belt': true },
    conveyors: ['box feeder', 'load belt'],
  },
  {
    scene: 'Palletizer',
    emitter: 'Pallets emitter',
    run: { 'Pallet feeder': true, 'Load pallet': true, 'Exit conveyor': true },
    conveyors: ['pallet entry', 'elevator at 0', 'exit'],
  },
];

/** Every item the emitter has put into the plant: on its conveyors, or gone from them. */
function emitted(bench: Bench, c: EmitterCase): number {
  let n = 0;
  for (const conveyor of bench.sim.snapshot().conveyors) {
    if (c.conveyors && !c.conveyors.includes(conveyor.name)) continue;
    n += conveyor.items.length + Object.values(conveyor.removed).reduce((a, b) => a + b, 0);
  }
  return n;
}

/** One controller per bench, for the cases that need one to make room. */
const controllers = new WeakMap<Bench, (io: Io) => void>();

const running = (c: EmitterCase, emitter?: boolean, bench?: Bench) => (io: Io) => {
  if (c.controller && bench) {
    if (!controllers.has(bench)) controllers.set(bench, c.controller());
    controllers.get(bench)!(io);
  }
  for (const [name, value] of Object.entries(c.run)) io.set(name, value);
  if (emitter !== undefined) io.set(c.emitter, emitter);
};

describe.each(CASES)('$scene: $emitter', (c) => {
  it('starts forced on, as the saved scene keeps it: a plain write of false changes nothing', () => {
    const bench = Bench.builtin(c.scene);
    const tag = bench.engine.tagsNamed(c.emitter).find((t) => t.kind === 'Output')!;
    expect(tag).toMatchObject({ value: true, isForced: true, forcedValue: true });
    expect(bench.engine.getTagState(tag.id)!.raw).toBe(false);
    bench.runFor(running(c, false, bench), 30_000);
    expect(bench.io.out(c.emitter)).toBe(true);
    expect(emitted(bench, c)).toBeGreaterThanOrEqual(2);
  });

  it('released, shows what the controller wrote: off, until it writes true', () => {
    const bench = Bench.builtin(c.scene);
    expect(bench.engine.release('name', [c.emitter])).toEqual([]);
    const before = emitted(bench, c);
    bench.runFor(running(c, undefined, bench), 20_000);
    expect(emitted(bench, c)).toBe(before);
    bench.runFor(running(c, true, bench), 30_000);
    expect(emitted(bench, c)).toBeGreaterThan(before);
  });

  it('forced false, puts no new item until released', () => {
    const bench = Bench.builtin(c.scene);
    expect(bench.engine.write('force', 'name', [{ name: c.emitter, value: false }])).toEqual([]);
    const before = emitted(bench, c);
    bench.runFor(running(c, true, bench), 30_000); // a controller writing true changes nothing under the force
    expect(emitted(bench, c)).toBe(before);
    expect(bench.engine.release('name', [c.emitter])).toEqual([]);
    bench.runFor(running(c, true, bench), 30_000);
    expect(emitted(bench, c)).toBeGreaterThan(before);
  });

  it('released and written off, puts no new item; each pulse releases exactly one', () => {
    const bench = Bench.builtin(c.scene);
    expect(bench.engine.release('name', [c.emitter])).toEqual([]);
    bench.io.set(c.emitter, false);
    const before = emitted(bench, c);
    bench.runFor(running(c, false, bench), 20_000);
    const counts = [emitted(bench, c) - before];
    for (let pulse = 0; pulse < 3; pulse++) {
      bench.runFor(running(c, true, bench), 100);
      bench.runFor(running(c, false, bench), 20_000);
      counts.push(emitted(bench, c) - before);
    }
    expect(counts).toEqual([0, 1, 2, 3]);
  });

  it('pulsed by force, as a fault-injection tool does (force true, then force false), releases one per pulse', () => {
    const bench = Bench.builtin(c.scene);
    const force = (value: boolean) =>
      expect(bench.engine.write('force', 'name', [{ name: c.emitter, value }])).toEqual([]);
    force(false);
    bench.runFor(running(c, undefined, bench), 20_000);
    const before = emitted(bench, c);
    const counts: number[] = [];
    for (let pulse = 0; pulse < 2; pulse++) {
      force(true);
      bench.runFor(running(c, undefined, bench), 100);
      force(false);
      bench.runFor(running(c, undefined, bench), 20_000);
      counts.push(emitted(bench, c) - before);
    }
    expect(counts).toEqual([1, 2]);
  });
});
