import type { ConveyorPlacement, PlacementHints } from '../plant-types.js';
import { axisHint, type HintsByScene, input, output, partHint } from './part-hints.js';

// Placement hints of the built-in scenes with a gantry, a crane or a palletizer: "Pick & Place
// (Basic)" and "(XYZ)", "Assembler" and "(Analog)", "Automated Warehouse", "Palletizer". The
// model's conveyors that stand for a motion (a gripper carrying a part, a crane's forks) are drawn
// as paths, so their items travel where the machine carries them.

const path = (x: number, y: number, angle: number, drawnLength: number): ConveyorPlacement => ({
  x,
  y,
  angle,
  drawnLength,
  width: 0.3,
  look: 'path',
});

/** A two-end axis: a Bit command sends it to its far end, a lamp says it is on its way. */
const twoEndAxis = (label: string, x: number, y: number, axis: 'x' | 'z', move: string, moving: string) =>
  axisHint(label, x, y, axis, [
    [output(move), 'command'],
    [input(moving), 'moving'],
  ]);

/** An analog axis: where it is (a Float Input) and where it is sent (a Float Output). */
const analogAxis = (label: string, x: number, y: number, axis: 'x' | 'y' | 'z', at: string, to: string) =>
  axisHint(label, x, y, axis, [
    [input(at), 'position'],
    [output(to), 'target'],
  ]);

const gripperLamps = (x: number, y: number) =>
  partHint('station', 'Gripper', { x, y, width: 3.6, height: 0.75 }, [
    [output('Grab'), 'grab'],
    [input('Item detected'), 'detected'],
  ]);

const PICK_AND_PLACE_BASIC: PlacementHints = {
  conveyors: { entry: { x: 0.8, y: 3.2 }, gripper: path(3.8, 3.2, 0, 1.5), exit: { x: 5.3, y: 3.2 } },
  parts: [
    twoEndAxis('Gantry X', 2.8, 0.6, 'x', 'Move X', 'Moving X'),
    twoEndAxis('Gantry Z', 9.0, 0.6, 'z', 'Move Z', 'Moving Z'),
    gripperLamps(5.9, 1.45),
  ],
};

const PICK_AND_PLACE_XYZ: PlacementHints = {
  conveyors: {
    part: { x: 0.8, y: 1.4 },
    gripper: path(4.8, 1.4, 90, 2.4),
    'in box': path(4.4, 3.8, 0, 0.4),
    box: { x: 0.8, y: 3.8 },
    exit: { x: 4.8, y: 3.8 },
  },
  parts: [
    analogAxis('X axis', 9.6, 0.6, 'x', 'X', 'SP X'),
    analogAxis('Y axis', 9.6, 2.0, 'y', 'Y', 'SP Y'),
    analogAxis('Z axis', 14.6, 0.6, 'z', 'Z', 'SP Z'),
  ],
};

// A row of 0.3 m per chip under the title: four chips.
const positioner = (label: string, y: number, side: 'lids' | 'bases', clamped: string, clamp: string) =>
  partHint('station', label, { x: 6.4, y, width: 3.6, height: 1.65 }, [
    [`Pos. at limit (${side})`, 'lamp'],
    [output(`Pos. raise (${side})`), 'switch'],
    [clamped, 'lamp'],
    [output(clamp), 'switch'],
  ]);

const ASSEMBLER: PlacementHints = {
  conveyors: {
    lids: { x: 0.8, y: 1.3 },
    gripper: path(4.8, 1.3, 112.6, 2.6),
    assembly: path(3.8, 3.7, 0, 0.1),
    bases: { x: 0.8, y: 3.7 },
    exit: { x: 3.8, y: 3.7 },
  },
  parts: [
    twoEndAxis('Gantry X', 6.4, 0.4, 'x', 'Move X', 'Moving X'),
    twoEndAxis('Gantry Z', 11.0, 0.4, 'z', 'Move Z', 'Moving Z'),
    positioner('Lid positioner', 2.4, 'lids', 'Lid clamped', 'Clamp lid'),
    positioner('Base positioner', 4.25, 'bases', 'Base clamped', 'Clamp base'),
  ],
};

const ASSEMBLER_ANALOG: PlacementHints = {
  conveyors: {
    'lids 1': { x: 0.8, y: 1.3 },
    'lids 2': { x: 4.8, y: 1.3 },
    gripper: path(4.4, 1.3, 90, 2.4),
    assembly: path(3.6, 3.7, 0, 0.1),
    'bases 1': { x: 0.8, y: 3.7 },
    'bases 2': { x: 3.8, y: 3.7 },
  },
  parts: [
    analogAxis('X axis', 7.6, 0.6, 'x', 'X', 'Set X'),
    analogAxis('Z axis', 11.8, 0.6, 'z', 'Z', 'Set Z'),
  ],
};

/** The infeed along the bottom, the rack of 54 cells (9 columns, 6 levels), the stacker crane. */
const AUTOMATED_WAREHOUSE: PlacementHints = {
  conveyors: {
    // Drawn as long as before the plant took the saved scene's 2 m and 1.125 m (the drawing is unchanged).
    entry: { x: 0.8, y: 7.2, drawnLength: 6 },
    load: { x: 6.8, y: 7.2, drawnLength: 2, look: 'rollers' },
    forks: path(9.2, 7.2, -90, 1.0),
    ...Object.fromEntries(
      Array.from({ length: 54 }, (_, i) => [
        `cell ${i + 1}`,
        {
          x: 9.9 + (i % 9) * 0.9,
          y: 5.4 - Math.floor(i / 9) * 0.9,
          width: 0.5,
          drawnLength: 0.6,
          look: 'rollers',
        },
      ]),
    ),
  },
  parts: [
    partHint(
      'crane',
      'Stacker crane',
      { x: 9.8, y: 6.4, width: 8.0, height: 0.5 },
      [
        ['Target Position', 'target'],
        ['Moving X', 'moving'],
        ['Moving Z', 'lamp'],
        ['At Left', 'lamp'],
        ['At Middle', 'lamp'],
        ['At Right', 'lamp'],
        ['Forks Left', 'switch'],
        ['Forks Right', 'switch'],
      ],
      'x',
    ),
  ],
};

/** Pallets come in along the bottom to the elevator; boxes along the top onto the plate. */
const PALLETIZER: PlacementHints = {
  conveyors: {
    'pallet entry': { x: 0.8, y: 5.4 },
    // Drawn longer than it is: its two motors (Load pallet, Elevator up) and their names fit on it.
    'elevator at 0': { x: 3.8, y: 5.4, look: 'rollers', drawnLength: 3.2 },
    'elevator back at 0': path(3.8, 5.4, 0, 1.4),
    exit: { x: 7.0, y: 5.4 },
    ...Object.fromEntries([1, 2, 3].map((k) => [`elevator at ${k}`, path(4.2, 5.4 - 1.1 * k, 0, 0.6)])),
    ...Object.fromEntries(
      [
        [0, 3],
        [0, 1],
        [1, 3],
        [1, 2],
        [1, 0],
        [2, 3],
        [2, 0],
        [2, 1],
        [3, 0],
        [3, 2],
      ].map(([a, b], i) => [
        `elevator ${a} to ${b}`,
        path(4.35 + (i % 5) * 0.06, 5.4 - 1.1 * a!, b! > a! ? -90 : 90, 1.1 * Math.abs(b! - a!)),
      ]),
    ),
    'box feeder': { x: 0.8, y: 1.0 },
    // Drawn longer than it is: its two motors (Push, Load belt) and their names fit on it.
    'load belt': { x: 2.8, y: 1.0, drawnLength: 3.0 },
    plate: { x: 5.8, y: 1.0, look: 'rollers' },
    layers: path(8.3, 1.0, 0, 0.1),
  },
  parts: [
    partHint('station', 'Pusher, clamp and plate', { x: 9.6, y: 0.6, width: 3.6, height: 2.0 }, [
      ['Pusher limit', 'lamp'],
      ['Clamped', 'lamp'],
      ['Plate limit', 'lamp'],
      ['Turn', 'switch'],
      ['Clamp', 'switch'],
    ]),
    partHint('station', 'Pallet elevator', { x: 9.6, y: 3.0, width: 3.6, height: 1.1 }, [
      ['Elevator moving', 'moving'],
      ['Move to limit', 'switch'],
    ]),
  ],
};

export const HANDLING_HINTS: HintsByScene = {
  'Pick & Place (Basic)': PICK_AND_PLACE_BASIC,
  'Pick & Place (XYZ)': PICK_AND_PLACE_XYZ,
  Assembler: ASSEMBLER,
  'Assembler (Analog)': ASSEMBLER_ANALOG,
  'Automated Warehouse': AUTOMATED_WAREHOUSE,
  Palletizer: PALLETIZER,
};
