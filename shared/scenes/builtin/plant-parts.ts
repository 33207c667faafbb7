// What the plants of the built-in scenes are written with.
import type { Behaviour, Condition, TagRef } from '../../sim/behaviour-types.js';

export const input = (name: string): TagRef => ({ name, kind: 'Input' });
export const output = (name: string): TagRef => ({ name, kind: 'Output' });
export const isOn = (ref: TagRef): Condition => ({ tag: ref, equals: true });
export const isOff = (ref: TagRef): Condition => ({ tag: ref, equals: false });

/**
 * A feeder's `when` for the scene's emitter part: the emitter puts items on its conveyor only
 * while its Bit Output is on (the scenes keep it forced on), one item a moment it is on when there
 * is room, as the real scene's emitter does (docs/fidelity.md, "Emitters").
 */
export const emitterOn = (name: string): Condition => isOn(output(name));

/** Belt speed of the roller and belt conveyors of these scenes. */
export const SPEED = 0.5;

// A two-end axis driven by a Bit Output `Move` and reporting `Moving` (the gantries of Pick & Place
// (Basic) and Assembler).

/**
 * An axis at the end `Move` sends it to: commanded there, no longer travelling, and not just
 * commanded (at the step of the command `Moving` still shows the rest before it).
 */
export function axisAt(move: TagRef, moving: TagRef, commanded: boolean): Condition {
  return {
    all: [
      { tag: move, equals: commanded },
      isOff(moving),
      { not: commanded ? { rising: move } : { falling: move } },
    ],
  };
}

/** `Moving` is on from each change of `Move` until the axis has had its travel time to get there. */
export function axis(axisName: string, move: TagRef, moving: TagRef, travelMs: number): Behaviour[] {
  return [
    {
      name: `${axisName} axis starts travelling`,
      when: { any: [{ rising: move }, { falling: move }] },
      then: [{ set: moving, value: true }],
    },
    {
      name: `${axisName} axis reaches the end it was sent to`,
      when: {
        any: [
          { tag: move, equals: true, forMs: travelMs },
          { tag: move, equals: false, forMs: travelMs },
        ],
      },
      then: [{ set: moving, value: false }],
    },
  ];
}
