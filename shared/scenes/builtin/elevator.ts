import type { ConveyorPlacement } from '../../plant/plant-types.js';
import type { Behaviour, Condition, Expression, TagRef } from '../../sim/behaviour-types.js';
import { isOff, isOn, machine, path, type PlantPart } from './declare-plant.js';

// The elevators of "Elevator (Basic)" and "Elevator (Advanced)", declared once for what moves
// (the shaft, as conveyors carrying the car) and what is drawn (the lift, seen from the side: a
// top view would stack the floors).

/** Metres between two levels, the platform's speeds (metres per second): assumed. */
const LEVEL_SPACING = 1.5;
const FAST = 0.5;
const SLOW = 0.1;
/**
 * The window where both position sensors of a level see the platform, and the slow-down zone
 * before it where only the one met first does (metres; assumed).
 */
const WINDOW = 0.1;
const APPROACH = 0.2;
/** The platform, as an item moving along the shaft; short so that it is where its front is. */
const CAR = 0.01;

/** An elevator: its shaft's conveyors and tags, and where its lift is drawn. */
export interface Elevator {
  /** Prefix of its shaft's conveyors: "left" gives "left level 0", "left up 0", ... */
  readonly name: string;
  /** What the drawing calls it: "Left elevator". */
  readonly label: string;
  readonly up: TagRef;
  readonly down: TagRef;
  readonly slow: TagRef;
  /** The position sensors of level k: the low one is met first going up, the high one going down. */
  readonly low: (k: number) => TagRef;
  readonly high: (k: number) => TagRef;
  /** Where each level's belts are drawn (y, metres), level 0 first: as many levels as these. */
  readonly floors: readonly number[];
  /** Where its mast stands (x, metres), and how wide its lift is drawn. */
  readonly mast: number;
  readonly width: number;
  /** Conveyors of the model its car carries (the platform, what is in the box on it). */
  readonly carries: readonly string[];
}

const both = (...all: Condition[]): Condition => ({ all });

/** Both position sensors of level `k` see the platform: it is at that level. */
export function atLevel(elevator: Pick<Elevator, 'low' | 'high'>, k: number): Condition {
  return both(isOn(elevator.low(k)), isOn(elevator.high(k)));
}

/**
 * An elevator: its shaft (shaftBehaviours) and its lift, drawn as the machine it is: a mast from
 * above the top floor to below the bottom one, a hoist with its motors (Up, Down, Slow), and a
 * car carrying `carries`, drawn at the level where the model's car is. The shaft's conveyors are
 * the lift's `tracks`, placed up its mast so the car's height is the item's, and the level
 * sensors stand on them.
 */
export function elevator(spec: Elevator): PlantPart {
  const conveyors = shaftPlacements(spec);
  const top = Math.min(...spec.floors) - 0.7;
  const bottom = Math.max(...spec.floors) + 0.45;
  const lift = machine(
    'elevator',
    spec.label,
    { x: spec.mast - spec.width / 2, y: top, width: spec.width, height: bottom - top },
    [
      [spec.up, 'drive'],
      [spec.down, 'drive'],
      [spec.slow, 'drive'],
    ],
    { tracks: Object.keys(conveyors), carries: spec.carries },
  );
  return { behaviours: shaftBehaviours(spec), conveyors, parts: lift.parts ?? [] };
}

/** Where the shaft's conveyors are drawn: up the mast, each level's window at its floor. */
function shaftPlacements(spec: Elevator): Record<string, ConveyorPlacement> {
  const out: Record<string, ConveyorPlacement> = {};
  spec.floors.forEach((y, k) => {
    out[`${spec.name} level ${k}`] = path(spec.mast, y, -90, 0.1);
    const above = spec.floors[k + 1];
    if (above === undefined) return;
    out[`${spec.name} up ${k}`] = path(spec.mast, y, -90, y - above);
    out[`${spec.name} down ${k}`] = path(spec.mast, above, 90, y - above);
  });
  return out;
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
function shaftBehaviours(shaft: Elevator): Behaviour[] {
  const { up, down } = shaft;
  const speed: Expression = { if: isOn(shaft.slow), then: SLOW, else: FAST };
  const runs: Condition = { any: [both(isOn(up), isOff(down)), both(isOn(down), isOff(up))] };
  const segment = LEVEL_SPACING - WINDOW;
  const name = (what: string) => `${shaft.name} ${what}`;
  const top = shaft.floors.length - 1;
  const levels = [...shaft.floors.keys()];
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
