// An elevator's shaft for the plants of "Elevator (Basic)" and "Elevator (Advanced)".
import type { Behaviour, Condition, Expression, TagRef } from '../behaviour-types.js';
import { output, isOn, isOff } from './plant-parts.js';

/** Metres between two levels, the platform's speeds (metres per second): assumed. */
export const LEVEL_SPACING = 1.5;
export const FAST = 0.5;
export const SLOW = 0.1;
/**
 * The window where both position sensors of a level see the platform, and the slow-down zone
 * before it where only the one met first does (metres; assumed).
 */
export const WINDOW = 0.1;
export const APPROACH = 0.2;
/** The platform, as an item moving along the shaft; short so that it is where its front is. */
const CAR = 0.01;

export interface Shaft {
  /** Prefix of its conveyors' names. */
  readonly name: string;
  readonly levels: number;
  readonly up: string;
  readonly down: string;
  readonly slow: string;
  /** The position sensors of level k: the low one is met first going up, the high one going down. */
  readonly low: (k: number) => TagRef;
  readonly high: (k: number) => TagRef;
}

const both = (...all: Condition[]): Condition => ({ all });

/** Both position sensors of level `k` see the platform: it is at that level. */
export function atLevel(shaft: Shaft, k: number): Condition {
  return both(isOn(shaft.low(k)), isOn(shaft.high(k)));
}

/**
 * The shaft as conveyors carrying its platform (their only item): a short 'level k' conveyor per
 * level (the window where both of its sensors see it), and an 'up k' and a 'down k' conveyor
 * between levels k and k+1, each with the approach zones of the levels at its ends. The platform
 * starts at level 0 and moves while exactly one of Up and Down is on, at the slow speed while
 * Slow is on. At the end of a level's window it goes on up or down as commanded, or waits there
 * (the ends of the shaft stop it). Conveyors only move forward, so a platform between levels
 * goes on to the next level whichever of Up and Down is on: it turns round only at a level.
 */
export function shaftBehaviours(shaft: Shaft): Behaviour[] {
  const up = output(shaft.up);
  const down = output(shaft.down);
  const speed: Expression = { if: isOn(output(shaft.slow)), then: SLOW, else: FAST };
  const runs: Condition = { any: [both(isOn(up), isOff(down)), both(isOn(down), isOff(up))] };
  const segment = LEVEL_SPACING - WINDOW;
  const name = (what: string) => `${shaft.name} ${what}`;
  const top = shaft.levels - 1;
  const levels = [...Array(shaft.levels).keys()];
  const atLevels: Behaviour[] = levels.map((k) => ({
    conveyor: name(`level ${k}`),
    length: WINDOW,
    speed,
    runs,
    ...(k === 0 ? { feeder: { items: ['platform'], itemLength: CAR, total: 1 } } : {}),
    sensors: [
      { tag: shaft.low(k), from: 0, to: WINDOW },
      { tag: shaft.high(k), from: 0, to: WINDOW },
    ],
    exits: [
      ...(k < top ? [{ to: name(`up ${k}`), when: isOn(up) }] : []),
      ...(k > 0 ? [{ to: name(`down ${k - 1}`), when: isOn(down) }] : []),
    ],
  }));
  const between: Behaviour[] = levels.slice(0, top).flatMap((k) => [
    {
      // Leaving level k upwards the high sensor still sees it a while; the low one of k+1 first.
      conveyor: name(`up ${k}`),
      length: segment,
      speed,
      runs,
      sensors: [
        { tag: shaft.high(k), from: 0, to: APPROACH },
        { tag: shaft.low(k + 1), from: segment - APPROACH, to: segment },
      ],
      exits: [{ to: name(`level ${k + 1}`) }],
    },
    {
      conveyor: name(`down ${k}`),
      length: segment,
      speed,
      runs,
      sensors: [
        { tag: shaft.low(k + 1), from: 0, to: APPROACH },
        { tag: shaft.high(k), from: segment - APPROACH, to: segment },
      ],
      exits: [{ to: name(`level ${k}`) }],
    },
  ]);
  return [...atLevels, ...between];
}
