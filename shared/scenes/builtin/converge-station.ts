import { belt, type BuiltinPlant, declarePlant, input, isOn, output, SPEED } from './declare-plant.js';

/**
 * Converge Station: two parallel roller lines of 4 m merge into one exit line through two chain
 * transfers. Boxes come down line 1 (`Conveyor 1`) every 25 s and line 2 (`Conveyor 2`) every
 * 25 s, half a period later; `At entry 1` / `At entry 2` see a box at the end of its line
 * (3.7-4 m). Transfer 1 lies straight ahead of line 1: `Load 1` runs its rollers, drawing a box
 * from line 1 across it (1 m) onto the 4 m exit conveyor (`Exit conveyor`), where `At exit`
 * sees it at the end (3.7-4 m) until it leaves the line. Transfer 2 lies ahead of line 2: `Load 2`
 * draws a box onto it, where `At transfer 2` sees it at the stop; `Transfer left 2` moves it
 * sideways on the chains (1.2 m, 2.4 s), and with `Transfer left 1` on it arrives on transfer 1,
 * where `At transfer 1` sees it (and any box on its first 0.3 m); `Load 1` then forwards it.
 * The sensors are normally open (on while they see a box), as the vendor's sample controller
 * reads them. Assumptions: the lengths, the feeding periods, and that both transfers' chains
 * must run to cross a box (`Transfer left 2` moves it, `Transfer left 1` takes it over).
 *
 * Drawn as two entry lines side by side, their transfers joined by the cross belt, one exit.
 */
export const CONVERGE_STATION: BuiltinPlant = declarePlant(
  belt({
    conveyor: 'line 1',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Conveyor 1')),
    feeder: { items: ['box 1'], itemLength: 0.5, gap: 1, intervalMs: 25000 },
    sensors: [{ tag: input('At entry 1'), from: 3.7, to: 4 }],
    exits: [{ to: 'transfer 1', when: isOn(output('Load 1')) }],
    at: { x: 0.8, y: 1.3 },
  }),
  belt({
    conveyor: 'line 2',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Conveyor 2')),
    feeder: { items: ['box 2'], itemLength: 0.5, gap: 1, intervalMs: 25000, firstAfterMs: 12500 },
    sensors: [{ tag: input('At entry 2'), from: 3.7, to: 4 }],
    exits: [{ to: 'transfer 2', when: isOn(output('Load 2')) }],
    at: { x: 0.8, y: 3.9 },
  }),
  belt({
    conveyor: 'transfer 2',
    length: 1,
    speed: SPEED,
    runs: isOn(output('Load 2')),
    sensors: [{ tag: input('At transfer 2'), from: 1, to: 1 }],
    exits: [{ to: 'across', when: isOn(output('Transfer left 2')) }],
    at: { x: 4.8, y: 3.9, look: 'rollers' },
  }),
  belt({
    conveyor: 'across',
    length: 1.2,
    speed: SPEED,
    runs: isOn(output('Transfer left 2')),
    exits: [{ to: 'transfer 1', when: isOn(output('Transfer left 1')) }],
    at: { x: 5.3, y: 3.5, angle: -90, width: 0.6, look: 'rollers', drawnLength: 1.8 },
  }),
  belt({
    conveyor: 'transfer 1',
    length: 1,
    speed: SPEED,
    runs: isOn(output('Load 1')),
    sensors: [{ tag: input('At transfer 1'), from: 0, to: 0.3 }],
    exits: [{ to: 'exit' }],
    at: { x: 4.8, y: 1.3, look: 'rollers' },
  }),
  belt({
    conveyor: 'exit',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    sensors: [{ tag: input('At exit'), from: 3.7, to: 4 }],
    end: 'remove',
    at: { x: 5.8, y: 1.3 },
  }),
);
