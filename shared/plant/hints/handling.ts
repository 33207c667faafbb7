import type { ConveyorPlacement, PartHint, PlacementHints } from '../plant-types.js';

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
function twoEndAxis(
  label: string,
  x: number,
  y: number,
  axis: 'x' | 'z',
  move: string,
  moving: string,
): PartHint {
  return {
    part: 'axis',
    label,
    x,
    y,
    width: axis === 'x' ? 2.6 : 0.6,
    height: axis === 'x' ? 0.6 : 2.2,
    axis,
    tags: [
      { tag: { name: move, kind: 'Output' }, role: 'command' },
      { tag: { name: moving, kind: 'Input' }, role: 'moving' },
    ],
  };
}

/** An analog axis: where it is (a Float Input) and where it is sent (a Float Output). */
function analogAxis(
  label: string,
  x: number,
  y: number,
  axis: 'x' | 'y' | 'z',
  at: string,
  to: string,
): PartHint {
  return {
    part: 'axis',
    label,
    x,
    y,
    width: axis === 'z' ? 0.6 : 2.6,
    height: axis === 'z' ? 2.2 : 0.6,
    axis,
    tags: [
      { tag: { name: at, kind: 'Input' }, role: 'position' },
      { tag: { name: to, kind: 'Output' }, role: 'target' },
    ],
  };
}

const gripperLamps = (x: number, y: number): PartHint => ({
  part: 'station',
  label: 'Gripper',
  x,
  y,
  width: 3.6,
  height: 0.75,
  tags: [
    { tag: { name: 'Grab', kind: 'Output' }, role: 'grab' },
    { tag: { name: 'Item detected', kind: 'Input' }, role: 'detected' },
  ],
});

export const PICK_AND_PLACE_BASIC: PlacementHints = {
  conveyors: { entry: { x: 0.8, y: 3.2 }, gripper: path(3.8, 3.2, 0, 1.5), exit: { x: 5.3, y: 3.2 } },
  parts: [
    twoEndAxis('Gantry X', 2.8, 0.6, 'x', 'Move X', 'Moving X'),
    twoEndAxis('Gantry Z', 9.0, 0.6, 'z', 'Move Z', 'Moving Z'),
    gripperLamps(5.9, 1.45),
  ],
};

export const PICK_AND_PLACE_XYZ: PlacementHints = {
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

const positioner = (
  label: string,
  y: number,
  side: 'lids' | 'bases',
  clamped: string,
  clamp: string,
): PartHint => ({
  part: 'station',
  label,
  x: 6.4,
  y,
  width: 3.6,
  // A row of 0.3 m per chip under the title: four chips.
  height: 1.65,
  tags: [
    { tag: `Pos. at limit (${side})`, role: 'lamp' },
    { tag: { name: `Pos. raise (${side})`, kind: 'Output' }, role: 'switch' },
    { tag: clamped, role: 'lamp' },
    { tag: { name: clamp, kind: 'Output' }, role: 'switch' },
  ],
});

export const ASSEMBLER: PlacementHints = {
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

export const ASSEMBLER_ANALOG: PlacementHints = {
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
export const AUTOMATED_WAREHOUSE: PlacementHints = {
  conveyors: {
    entry: { x: 0.8, y: 7.2 },
    load: { x: 6.8, y: 7.2, look: 'rollers' },
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
    {
      part: 'crane',
      label: 'Stacker crane',
      x: 9.8,
      y: 6.4,
      width: 8.0,
      height: 0.5,
      axis: 'x',
      tags: [
        { tag: 'Target Position', role: 'target' },
        { tag: 'Moving X', role: 'moving' },
        { tag: 'Moving Z', role: 'lamp' },
        { tag: 'At Left', role: 'lamp' },
        { tag: 'At Middle', role: 'lamp' },
        { tag: 'At Right', role: 'lamp' },
        { tag: 'Forks Left', role: 'switch' },
        { tag: 'Forks Right', role: 'switch' },
      ],
    },
  ],
};

/** Pallets come in along the bottom to the elevator; boxes along the top onto the plate. */
export const PALLETIZER: PlacementHints = {
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
    {
      part: 'station',
      label: 'Pusher, clamp and plate',
      x: 9.6,
      y: 0.6,
      width: 3.6,
      height: 2.0,
      tags: [
        { tag: 'Pusher limit', role: 'lamp' },
        { tag: 'Clamped', role: 'lamp' },
        { tag: 'Plate limit', role: 'lamp' },
        { tag: 'Turn', role: 'switch' },
        { tag: 'Clamp', role: 'switch' },
      ],
    },
    {
      part: 'station',
      label: 'Pallet elevator',
      x: 9.6,
      y: 3.0,
      width: 3.6,
      height: 1.1,
      tags: [
        { tag: 'Elevator moving', role: 'moving' },
        { tag: 'Move to limit', role: 'switch' },
      ],
    },
  ],
};
