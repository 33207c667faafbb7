// Rules: when a condition on effective values turns true, actions on Inputs, now or later.
import { describe, expect, it } from 'vitest';
import type { Behaviour, Condition } from '../../shared/sim/behaviour-types.js';
import { Bench } from './plc.js';

const TAGS = [
  ['Motor', 'Bit', 'Output'],
  ['Valve', 'Float', 'Output'],
  ['Lamp', 'Bit', 'Output'],
  ['Sensor', 'Bit', 'Input'],
  ['Count', 'Int', 'Input'],
  ['Level', 'Float', 'Input'],
  ['Dup', 'Bit', 'Output'],
  ['Dup', 'Bit', 'Input'],
] as const;

const bench = (behaviours: Behaviour[]) => Bench.custom(TAGS, behaviours);
const counting = (when: Condition, extra: Partial<Behaviour> = {}): Behaviour[] => [
  { when, then: [{ increment: 'Count' }], ...extra } as Behaviour,
];

/** Runs `ms` of simulation time in 10 ms advances. */
function run(b: Bench, ms: number): void {
  for (let t = 0; t < ms; t += 10) b.sim.advance(10);
}

describe('firing', () => {
  it('fires once each time the condition turns true, not on every step it holds', () => {
    const b = bench(counting({ tag: 'Motor', equals: true }));
    run(b, 100);
    expect(b.io.in('Count')).toBe(0);
    b.io.set('Motor', true);
    run(b, 500);
    expect(b.io.in('Count')).toBe(1);
    b.io.set('Motor', false);
    run(b, 20);
    b.io.set('Motor', true);
    run(b, 20);
    expect(b.io.in('Count')).toBe(2);
  });

  it('a condition that holds from the start fires at the start; always fires once, again after a reset', () => {
    const b = bench([
      { when: { tag: 'Motor', equals: false }, then: [{ increment: 'Count' }] },
      { when: { always: true }, then: [{ set: 'Level', value: 2.5 }] },
    ]);
    expect(b.io.in('Count')).toBe(1);
    expect(b.io.in('Level')).toBe(2.5);
    run(b, 100);
    expect(b.io.in('Count')).toBe(1);
    b.sim.reset();
    expect(b.io.in('Count')).toBe(1); // back to 0, then the rule fired again at the start
    expect(b.io.in('Level')).toBe(2.5);
  });

  it('reads effective values: a force or a failure on an Output changes what the plant does', () => {
    const b = bench(counting({ tag: 'Motor', equals: true }));
    b.engine.write('force', 'name', [{ name: 'Motor', value: true }]);
    run(b, 20);
    expect(b.io.in('Count')).toBe(1);
    b.engine.write('alwaysOff', 'name', [{ name: 'Motor', value: true }]);
    run(b, 20);
    b.engine.write('alwaysOff', 'name', [{ name: 'Motor', value: false }]);
    run(b, 20);
    expect(b.io.in('Count')).toBe(2);
  });

  it('tells an Output from an Input of the same name by kind', () => {
    const b = bench([
      { when: { tag: { name: 'Dup', kind: 'Output' }, equals: true }, then: [{ set: 'Dup', value: true }] },
    ]);
    b.engine.write('set', 'name', [{ name: 'Dup', value: true }]);
    run(b, 20);
    expect(b.io.in('Dup')).toBe(true);
  });
});

describe('conditions', () => {
  it('rising and falling edges of a Bit', () => {
    const b = bench([
      ...counting({ rising: 'Motor' }),
      { when: { falling: 'Motor' }, then: [{ toggle: 'Sensor' }] },
    ]);
    b.io.set('Motor', true);
    run(b, 50);
    b.io.set('Motor', false);
    run(b, 50);
    expect(b.io.in('Count')).toBe(1);
    expect(b.io.in('Sensor')).toBe(true);
  });

  it('comparisons on numbers, several in one condition making a range', () => {
    const b = bench(counting({ tag: 'Valve', gt: 2, le: 5 }));
    for (const v of [1, 2, 2.5, 5, 5.5, 4, 2]) {
      b.io.set('Valve', v);
      run(b, 20);
    }
    // In range at 2.5 (fires), 5 (still), out at 5.5, in again at 4 (fires), out at 2.
    expect(b.io.in('Count')).toBe(2);
  });

  it('equals and notEquals compare in the tag type (3.1 is the float32 3.1)', () => {
    const b = bench([
      ...counting({ tag: 'Valve', equals: 3.1 }),
      { when: { tag: 'Valve', notEquals: 0 }, then: [{ set: 'Sensor', value: true }] },
    ]);
    b.io.set('Valve', 3.1);
    run(b, 20);
    expect(b.io.in('Count')).toBe(1);
    expect(b.io.in('Sensor')).toBe(true);
  });

  it('all, any and not', () => {
    const b = bench([
      ...counting({
        all: [
          { tag: 'Motor', equals: true },
          { tag: 'Lamp', equals: true },
        ],
      }),
      {
        when: { any: [{ tag: 'Motor', equals: true }, { not: { tag: 'Valve', lt: 5 } }] },
        then: [{ toggle: 'Sensor' }],
      },
    ]);
    b.io.set('Motor', true);
    run(b, 20);
    expect(b.io.in('Count')).toBe(0);
    expect(b.io.in('Sensor')).toBe(true);
    b.io.set('Lamp', true);
    run(b, 20);
    expect(b.io.in('Count')).toBe(1);
    b.io.set('Motor', false);
    run(b, 20);
    b.io.set('Valve', 6); // any turns true again through not(lt 5)
    run(b, 20);
    expect(b.io.in('Sensor')).toBe(false);
  });

  it('forMs: holds only once the condition has held without a break for that long', () => {
    const b = bench(counting({ tag: 'Motor', equals: true, forMs: 1000 }));
    b.io.set('Motor', true);
    run(b, 990);
    expect(b.io.in('Count')).toBe(0);
    run(b, 20);
    expect(b.io.in('Count')).toBe(1);
    b.io.set('Motor', false);
    run(b, 10);
    b.io.set('Motor', true);
    run(b, 500);
    b.io.set('Motor', false); // a break: the timer starts over
    run(b, 10);
    b.io.set('Motor', true);
    run(b, 990);
    expect(b.io.in('Count')).toBe(1);
    run(b, 20);
    expect(b.io.in('Count')).toBe(2);
  });
});

describe('actions', () => {
  it('delayMs: the actions happen that long after firing, even if the condition stopped holding', () => {
    const b = bench(counting({ rising: 'Motor' }, { delayMs: 500 }));
    b.io.set('Motor', true);
    run(b, 100);
    b.io.set('Motor', false);
    run(b, 380);
    expect(b.io.in('Count')).toBe(0);
    run(b, 40);
    expect(b.io.in('Count')).toBe(1);
  });

  it('pulse: sets the value for forMs, then puts back the one before; a new pulse extends it', () => {
    const b = bench([
      { when: { rising: 'Motor' }, then: [{ pulse: 'Sensor', forMs: 200 }] },
      { when: { rising: 'Lamp' }, then: [{ pulse: 'Level', value: 9, forMs: 100 }] },
      { when: { always: true }, then: [{ set: 'Level', value: 1 }] },
    ]);
    b.io.set('Motor', true);
    b.io.set('Lamp', true);
    run(b, 50);
    expect(b.io.in('Sensor')).toBe(true);
    expect(b.io.in('Level')).toBe(9);
    b.io.set('Motor', false);
    run(b, 100);
    expect(b.io.in('Level')).toBe(1);
    b.io.set('Motor', true); // fired at 160 ms: the pulse now ends at 360 ms
    run(b, 150);
    expect(b.io.in('Sensor')).toBe(true);
    run(b, 100);
    expect(b.io.in('Sensor')).toBe(false);
  });

  it('toggle and increment continue from the plant value under a force, and stay within range', () => {
    const b = Bench.custom(
      [
        ['Motor', 'Bit', 'Output'],
        ['Sensor', 'Bit', 'Input'],
        ['Count', 'Int', 'Input'],
      ],
      [{ when: { rising: 'Motor' }, then: [{ toggle: 'Sensor' }, { increment: 'Count', by: 2147483647 }] }],
    );
    b.engine.write('force', 'name', [{ name: 'Sensor', value: false }]);
    const pulse = () => {
      b.io.set('Motor', true);
      run(b, 20);
      b.io.set('Motor', false);
      run(b, 20);
    };
    pulse();
    expect(b.io.in('Sensor')).toBe(false); // forced
    b.engine.release('name', ['Sensor']);
    expect(b.io.in('Sensor')).toBe(true); // what the plant had
    pulse();
    expect(b.io.in('Sensor')).toBe(false);
    expect(b.io.in('Count')).toBe(2147483647); // int32 saturates, never wraps
  });
});
