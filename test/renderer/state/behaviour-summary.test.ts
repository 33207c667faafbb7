import { describe, expect, it } from 'vitest';
import type { TagDefinition } from '../../../shared/core/tag-types.js';
import type { Behaviour } from '../../../shared/sim/behaviour-types.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import {
  behaviourKind,
  formatDuration,
  summarizeBehaviour,
} from '../../../renderer/state/behaviour-summary.js';
import { duplicateOf, kindCounts, selectionAfterDelete } from '../../../renderer/state/behaviour-list.js';

const input = (name: string) => ({ name, kind: 'Input' as const });
const output = (name: string) => ({ name, kind: 'Output' as const });

describe('the one-line summary of a behaviour', () => {
  it('reads a rule: its condition, actions and delay', () => {
    expect(
      summarizeBehaviour({
        when: { rising: output('Entry conveyor') },
        delayMs: 2000,
        then: [{ pulse: input('Pallet sensor'), forMs: 500 }],
      }),
    ).toBe('When Entry conveyor rises → pulse Pallet sensor for 500 ms, after 2 s');
    expect(summarizeBehaviour(builtinPlant('Filling Tank')!.behaviours[1]!)).toBe(
      'When Fill valve = false and Discharge valve = false for 3 s → pulse Fill for 500 ms',
    );
    expect(
      summarizeBehaviour({
        when: { any: [{ tag: 'Level', ge: 2, le: 5 }, { not: { falling: 'Stop' } }], forMs: 1500 },
        then: [{ set: 'Alarm', value: true }, { toggle: 'Lamp' }, { increment: 'Count', by: -2 }],
      }),
    ).toBe(
      'When Level ≥ 2 and ≤ 5 or not Stop falls for 1.5 s → set Alarm = true, toggle Lamp, add -2 to Count',
    );
    expect(summarizeBehaviour({ when: { always: true }, then: [{ increment: 'Count' }] })).toBe(
      'When the plant starts → increment Count',
    );
  });

  it('reads a signal generator: its tag, shape and timing', () => {
    const sine: Behaviour = {
      generate: input('Level meter'),
      signal: 'sine',
      offset: 5,
      amplitude: 2,
      periodMs: 10_000,
    };
    expect(summarizeBehaviour(sine)).toBe('Sine on Level meter: 5 ± 2, 10 s period');
    expect(summarizeBehaviour(builtinPlant('Level Control')!.behaviours[0]!)).toBe(
      'Integrator on Level meter: rate (0.25 × Fill valve − 0.1 × Level meter) per s within 0…10, noise ± 0.01',
    );
    expect(
      summarizeBehaviour({ generate: 'T', signal: 'square', amplitude: 1, periodMs: 60_000, duty: 0.25 }),
    ).toBe('Square on T: 0 ± 1, 1 min period, 25% high');
    expect(
      summarizeBehaviour({
        generate: 'T',
        signal: 'lag',
        target: { if: { tag: 'Heater', equals: true }, then: 60, else: 20 },
        timeConstantMs: 30_000,
      }),
    ).toBe('Lag on T: follows (60 if Heater = true, else 20), time constant 30 s');
    expect(
      summarizeBehaviour({ generate: 'T', signal: 'ramp', rate: -1, min: 0, max: 10, atLimit: 'clamp' }),
    ).toBe('Ramp on T: -1/s within 0…10, stops at the limit');
  });

  it('reads a conveyor: its name, size, speed, and what it has', () => {
    expect(summarizeBehaviour(builtinPlant('Sorting by Height (Basic)')!.behaviours[0]!)).toBe(
      "'entry': 6 m at 0.5 m/s, runs while Conveyor entry = true, feeds low/high, 3 sensors, 1 exit",
    );
    expect(summarizeBehaviour({ conveyor: 'belt', length: 4, speed: 0.5, end: 'remove' })).toBe(
      "'belt': 4 m at 0.5 m/s, 0 sensors, 0 exits, removes at the end",
    );
  });

  it('says what the sensors that read a value per item label read', () => {
    const codes = { 'blue raw': 1, 'blue lid': 2, 'blue base': 3, 'green raw': 4 };
    expect(
      summarizeBehaviour({
        conveyor: 'scale',
        length: 2,
        speed: 0.5,
        sensors: [
          { tag: 'At scale', from: 0, to: 2 },
          { tag: 'Weight', from: 0, to: 2, reads: { light: 2, heavy: 6 } },
          { tag: { name: 'Vision', kind: 'Input' }, from: 1, to: 1, reads: codes },
        ],
      }),
    ).toBe("'scale': 2 m at 0.5 m/s, 3 sensors (Weight reads light/heavy; Vision reads 4 labels), 0 exits");
  });

  it('names a tag referred to by id with its name in the scene', () => {
    const tags: TagDefinition[] = [{ id: 'abc', name: 'Fill', kind: 'Input', type: 'Bit', address: 0 }];
    expect(summarizeBehaviour({ when: { always: true }, then: [{ toggle: { id: 'abc' } }] }, tags)).toBe(
      'When the plant starts → toggle Fill',
    );
  });

  it('sorts behaviours into rules, signals and conveyors', () => {
    const plant = [
      ...builtinPlant('Filling Tank')!.behaviours,
      ...builtinPlant('Level Control')!.behaviours,
      builtinPlant('Queue of Items')!.behaviours[0]!,
    ];
    expect(plant.map(behaviourKind)).toEqual(['rule', 'rule', 'rule', 'signal', 'signal', 'conveyor']);
    expect(kindCounts(plant)).toBe('3 rules, 2 signals, 1 conveyor');
  });

  it("reads the warehouse's stacker crane, and counts it", () => {
    const plant = builtinPlant('Automated Warehouse')!.behaviours;
    const crane = plant.find((b) => 'stackerCrane' in b)!;
    expect(summarizeBehaviour(crane)).toBe(
      "'crane' sent by Target Position: 54 cells (9 × 6), X 1.9 m/s, Z 1.7 m/s, Lift lifts in 1.7 s",
    );
    expect(kindCounts(plant)).toBe('7 rules, 57 conveyors, 1 crane');
    expect(duplicateOf(plant, plant.indexOf(crane))).toMatchObject({ stackerCrane: 'crane copy' });
  });

  it('writes durations as people read them', () => {
    expect([250, 1000, 2500, 60_000, 90_000, 120_000].map(formatDuration)).toEqual([
      '250 ms',
      '1 s',
      '2.5 s',
      '1 min',
      '90 s',
      '2 min',
    ]);
  });
});

describe('the list actions', () => {
  it('duplicates a conveyor under a free name, and a named rule as its copy', () => {
    const plant = builtinPlant('Queue of Items')!.behaviours;
    expect(duplicateOf(plant, 0)).toMatchObject({ conveyor: 'entry copy', length: 2 });
    expect(duplicateOf([...plant, { ...plant[0]!, conveyor: 'entry copy' }], 0)).toMatchObject({
      conveyor: 'entry copy 2',
    });
    expect(duplicateOf(builtinPlant('Filling Tank')!.behaviours, 0)).toMatchObject({
      name: 'Discharge button rests closed copy',
    });
  });

  it('selects the next entry after a delete, else the one before, else none', () => {
    expect(selectionAfterDelete(0, 3)).toBe(0);
    expect(selectionAfterDelete(2, 3)).toBe(1);
    expect(selectionAfterDelete(0, 1)).toBeUndefined();
  });
});
