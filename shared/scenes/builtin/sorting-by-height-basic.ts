import {
  belt,
  type BuiltinPlant,
  declarePlant,
  emitterOn,
  input,
  isOn,
  output,
  type PlantPart,
  SPEED,
} from './declare-plant.js';

/** Where the light curtain crosses the 6 m entry conveyor: 0.125 m before its end (saved scene). */
const CURTAIN = 5.875;

const LOAD = output('Load');
const TRANSFER_LEFT = output('Transf. left');
const TRANSFER_RIGHT = output('Transf. right');

/**
 * Sorting by Height (Basic): while `Emitter` is on (the scene keeps it on), pallets with a low or a
 * high box, alternately, come down the entry conveyor while `Conveyor entry` runs. `Pallet sensor`,
 * `Low sensor` and `High sensor` are beams of one light curtain across the entry conveyor, 0.125 m
 * before its end, as in the saved scene (docs/fidelity.md, "Geometry"): a pallet reaching the
 * curtain breaks the pallet beam, the low beam (every box) and the high beam (high boxes only) at
 * the same moment, and a pallet waiting there keeps them broken. `Load` (with the entry conveyor
 * running) draws it onto the transfer, where `Loaded` sees it; nothing else moves a pallet off the
 * entry conveyor. `Transf. left` / `Transf. right` push it sideways (2.4 s) onto the left / right
 * exit conveyor, where `At left entry` / `At right entry` see it until `Conveyor left` /
 * `Conveyor right` carry it on to `At left exit` / `At right exit` at the far end, where the
 * remover takes it. The four are retro-reflective light barriers, as in the real scene: on while
 * clear, off while a box breaks the beam (docs/fidelity.md). Pallets are 2.2 m apart, so the next
 * one is still short of the curtain when the transfer is loaded, and waits there before the
 * transfer has delivered.
 *
 * Drawn with the entry belt bringing pallets to the chain transfer, which sends them up (left) or
 * down (right).
 */
export const SORTING_BY_HEIGHT_BASIC: BuiltinPlant = declarePlant(
  belt({
    conveyor: 'entry',
    length: 6,
    speed: SPEED,
    runs: isOn(output('Conveyor entry')),
    feeder: { items: ['low', 'high'], itemLength: 0.5, gap: 1.7, when: emitterOn('Emitter') },
    // The light curtain: three beams at one place.
    sensors: [
      { tag: input('Pallet sensor'), from: CURTAIN, to: CURTAIN },
      { tag: input('Low sensor'), from: CURTAIN, to: CURTAIN },
      { tag: input('High sensor'), from: CURTAIN, to: CURTAIN, detects: ['high'] },
    ],
    exits: [{ to: 'transfer', when: isOn(LOAD) }],
    at: { x: 0.8, y: 4.9 },
  }),
  belt({
    conveyor: 'transfer',
    length: 1,
    speed: SPEED,
    runs: isOn(LOAD),
    sensors: [{ tag: input('Loaded'), from: 1, to: 1 }],
    exits: [
      { to: 'to left', when: isOn(TRANSFER_LEFT) },
      { to: 'to right', when: isOn(TRANSFER_RIGHT) },
    ],
    at: { x: 6.8, y: 4.9, look: 'rollers' },
  }),
  belt({
    conveyor: 'to left',
    length: 1.2,
    speed: SPEED,
    runs: isOn(TRANSFER_LEFT),
    exits: [{ to: 'left' }],
    at: { x: 7.3, y: 4.5, angle: -90, width: 0.6, look: 'rollers' },
  }),
  belt({
    conveyor: 'to right',
    length: 1.2,
    speed: SPEED,
    runs: isOn(TRANSFER_RIGHT),
    exits: [{ to: 'right' }],
    at: { x: 7.3, y: 5.3, angle: 90, width: 0.6, look: 'rollers' },
  }),
  exitConveyor('left', 'Conveyor left', 'At left entry', 'At left exit', { x: 7.3, y: 3.3, angle: -90 }),
  exitConveyor('right', 'Conveyor right', 'At right entry', 'At right exit', { x: 7.3, y: 6.5, angle: 90 }),
);

/** A 3 m exit conveyor with its normally closed light barriers at its entry and its exit. */
function exitConveyor(
  conveyor: string,
  motor: string,
  atEntry: string,
  atExit: string,
  at: { x: number; y: number; angle: number },
): PlantPart {
  return belt({
    conveyor,
    length: 3,
    speed: SPEED,
    runs: isOn(output(motor)),
    sensors: [
      { tag: input(atEntry), from: 0, to: 0.3, normallyClosed: true },
      { tag: input(atExit), from: 2.7, to: 3, normallyClosed: true },
    ],
    end: 'remove',
    at,
  });
}
