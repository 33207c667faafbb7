import { belt, type BuiltinPlant, declarePlant, input, isOn, output, path, SPEED } from './declare-plant.js';
import { atLevel, type Elevator, elevator } from './elevator.js';

const FLOORS = [6.2, 4.6, 3.0, 1.4];
const MAST = 4.8;

const SHAFT: Elevator = {
  name: 'elevator',
  label: 'Elevator',
  up: output('Up'),
  down: output('Down'),
  slow: output('Slow'),
  low: (k) => input(`At ${k} (low)`),
  high: (k) => input(`At ${k} (high)`),
  floors: FLOORS,
  mast: MAST,
  width: 2.9,
  carries: ['platform', 'box'],
};

/** The platform's rollers turn (towards the exit belt) with Load or Unload. */
const ROLLERS = { any: [isOn(output('Load')), isOn(output('Unload'))] };

/**
 * Elevator (Advanced): an elevator fills boxes with parts from three upper levels. Its platform
 * takes an empty box at level 0, collects parts that the conveyors of levels 1 to 3 drop into it,
 * and back at level 0 sends the box out, as in the vendor's sample controller.
 *
 * - Empty boxes (0.6 m) come down the 3 m `Conveyor 0`, 1 m apart; `At elevator` sees one at its
 *   end (2.8-3 m). It goes aboard the elevator's 1.4 m roller platform when that is at level 0;
 *   `Load` (or `Unload`) runs the platform's rollers, `At entry` sees a box over the platform's
 *   first 0.1 m, `At exit` over its last 0.1 m. Past the platform's end the box goes onto the 2 m
 *   exit belt (`Exit conveyor`), where someone takes it away once it has stood 2 s past 0.5 m
 *   (or at the end).
 * - Parts (0.3 m) come down `Conveyor 1` to `3` (3 m each, one per level, 1 m apart); `At 1` to
 *   `At 3` see one at the end (2.8-3 m). Past the end a part drops into the box on the platform
 *   when the platform is at that level (`snapshot()` counts them at the conveyor 'box'); otherwise
 *   it waits at the end.
 * - Every box and part sensor is normally closed (on while it sees nothing), as the sample
 *   controller expects; the position sensors are normally open.
 * - The platform starts at level 0; the levels are 1.5 m apart. `Up` / `Down` move it at 0.5 m/s,
 *   0.1 m/s with `Slow` (both or neither: it stays). At each level `At k (low)` and `At k (high)`
 *   both see it over a 0.1 m window; 0.2 m before the window only the one it meets first does (the
 *   low one going up, the high one going down), so a controller slows down there and stops when
 *   both are on.
 *
 * In conveyors: the shaft is a conveyor per level window and one per direction between levels,
 * the platform their only item (see elevator.ts). Assumptions (the tags do not say): the
 * lengths, speeds, windows and the operator at the exit; that `Unload` turns the rollers the same
 * way as `Load` (the sample uses only `Load`); that a platform between levels goes on to the next
 * one in that direction (it turns round only at a level); that parts drop only into a box at their
 * level (they do not fall down the shaft) and a box goes aboard or off only at level 0. The
 * `Floor 0` to `Floor 3` Inputs (the sample does not read them; push buttons, it seems) stay off,
 * and the lights (`Warning light`, the `Floor` Outputs) do nothing.
 *
 * Drawn from the side: each floor's belt at its height, the lift where the model's car is.
 */
export const ELEVATOR_ADVANCED: BuiltinPlant = declarePlant(
  elevator(SHAFT),
  belt({
    conveyor: 'conveyor 0',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Conveyor 0')),
    feeder: { items: ['box'], itemLength: 0.6, gap: 1 },
    sensors: [{ tag: input('At elevator'), from: 2.8, to: 3, normallyClosed: true }],
    exits: [{ to: 'platform', when: atLevel(SHAFT, 0) }],
    at: { x: 0.8, y: 6.2 },
  }),
  belt({
    conveyor: 'platform',
    length: 1.4,
    speed: SPEED,
    runs: ROLLERS,
    sensors: [
      { tag: input('At entry'), from: 0, to: 0.1, normallyClosed: true },
      { tag: input('At exit'), from: 1.3, to: 1.4, normallyClosed: true },
    ],
    exits: [{ to: 'exit', when: atLevel(SHAFT, 0) }],
    // Drawn longer than it is: its two motors (Load, Unload) and their names fit on it.
    at: { x: 3.8, y: 6.2, look: 'rollers', drawnLength: 2.7 },
  }),
  belt({
    conveyor: 'exit',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    removers: [{ from: 0.5, to: 2, afterMs: 2000 }],
    end: 'remove',
    at: { x: 6.5, y: 6.2 },
  }),
  ...[1, 2, 3].map((k) =>
    belt({
      conveyor: `conveyor ${k}`,
      length: 3,
      speed: SPEED,
      runs: isOn(output(`Conveyor ${k}`)),
      feeder: { items: ['part'], itemLength: 0.3, gap: 1 },
      sensors: [{ tag: input(`At ${k}`), from: 2.8, to: 3, normallyClosed: true }],
      exits: [{ to: 'box', when: atLevel(SHAFT, k) }],
      // Drawn shorter than they are: the level sensors' names fit between them and the mast.
      at: { x: 0.8, y: FLOORS[k]!, drawnLength: 2.4 },
    }),
  ),
  belt({
    // The part falls into the box once it is off the end of its conveyor.
    conveyor: 'box',
    length: 0.4,
    speed: SPEED,
    end: 'remove',
    // Where the parts drop into the box on the platform: carried with it, not drawn.
    at: path(MAST - 0.2, 6.2, 0, 0.4),
  }),
);
