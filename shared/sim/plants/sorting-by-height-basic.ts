// The plant of the built-in scene "Sorting by Height (Basic)" (see ../builtin-behaviours.ts).
import type { Behaviour } from '../behaviour-types.js';
import { input, output, isOn, SPEED } from './plant-parts.js';

/**
 * Sorting by Height (Basic): while `Emitter` is on (the scene keeps it on), pallets with a low or a
 * high box, alternately, come down the entry conveyor while `Conveyor entry` runs. `Low sensor` sees every box and `High sensor` only high
 * ones as they pass (5.05-5.1 m); `Pallet sensor` sees the pallet waiting at the end (5.7-6 m).
 * `Load` (with the entry conveyor running) draws it onto the transfer, where `Loaded` sees it;
 * `Transf. left` / `Transf. right` push it sideways (2.4 s) onto the left / right exit conveyor,
 * where `At left entry` / `At right entry` see it until `Conveyor left` / `Conveyor right` carry
 * it on to `At left exit` / `At right exit` at the far end, where the remover takes it. The four
 * are retro-reflective light barriers, as in the real scene: on while clear, off while a box
 * breaks the beam (docs/fidelity.md). Pallets are 2.2 m apart, so the next one is still before the
 * height sensors when the transfer is loaded, and waits at the pallet sensor before the transfer
 * has delivered.
 */
export const SORTING_BY_HEIGHT_BASIC: readonly Behaviour[] = [
  {
    conveyor: 'entry',
    length: 6,
    speed: SPEED,
    runs: isOn(output('Conveyor entry')),
    feeder: { items: ['low', 'high'], itemLength: 0.5, gap: 1.7, when: isOn(output('Emitter')) },
    sensors: [
      { tag: input('Low sensor'), from: 5.05, to: 5.1 },
      { tag: input('High sensor'), from: 5.05, to: 5.1, detects: ['high'] },
      { tag: input('Pallet sensor'), from: 5.7, to: 6 },
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
