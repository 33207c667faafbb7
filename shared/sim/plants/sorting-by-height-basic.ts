// The plant of the built-in scene "Sorting by Height (Basic)" (reaches builtinPlant through shared/scenes/builtin/legacy-plants.ts until it is converted).
import type { Behaviour } from '../behaviour-types.js';
import { input, output, isOn, SPEED, emitterOn } from './plant-parts.js';

/** Where the light curtain crosses the 6 m entry conveyor: 0.125 m before its end (saved scene). */
const CURTAIN = 5.875;

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
 */
export const SORTING_BY_HEIGHT_BASIC: readonly Behaviour[] = [
  {
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
    exits: [{ to: 'transfer', when: isOn(output('Load')) }],
  },
  {
    conveyor: 'transfer',
    length: 1,
    speed: SPEED,
    runs: isOn(output('Load')),
    sensors: [{ tag: input('Loaded'), from: 1, to: 1 }],
    exits: [
      { to: 'to left', when: isOn(output('Transf. left')) },
      { to: 'to right', when: isOn(output('Transf. right')) },
    ],
  },
  {
    conveyor: 'to left',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Transf. left')),
    exits: [{ to: 'left' }],
  },
  {
    conveyor: 'to right',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Transf. right')),
    exits: [{ to: 'right' }],
  },
  {
    conveyor: 'left',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Conveyor left')),
    sensors: [
      { tag: input('At left entry'), from: 0, to: 0.3, normallyClosed: true },
      { tag: input('At left exit'), from: 2.7, to: 3, normallyClosed: true },
    ],
    end: 'remove',
  },
  {
    conveyor: 'right',
    length: 3,
    speed: SPEED,
    runs: isOn(output('Conveyor right')),
    sensors: [
      { tag: input('At right entry'), from: 0, to: 0.3, normallyClosed: true },
      { tag: input('At right exit'), from: 2.7, to: 3, normallyClosed: true },
    ],
    end: 'remove',
  },
];
