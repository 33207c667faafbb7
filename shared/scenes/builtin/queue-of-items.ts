import { belt, type BuiltinPlant, declarePlant, input, isOn, output, SPEED } from './declare-plant.js';

/**
 * Queue of Items: one item at a time is put at the start of the entry conveyor while `Entry
 * conveyor` runs, at least 5 s apart; `Item ready` (normally closed) sees it there. The entry
 * conveyor pushes it onto the buffer conveyor, where `At entry` (normally closed) sees it at the
 * start; the buffer conveyor carries items to its end, where `At exit` (normally closed) sees each
 * one leave the line.
 */
export const QUEUE_OF_ITEMS: BuiltinPlant = declarePlant(
  belt({
    conveyor: 'entry',
    length: 2,
    speed: SPEED,
    runs: isOn(output('Entry conveyor')),
    feeder: {
      items: ['item'],
      itemLength: 0.5,
      maxOnConveyor: 1,
      intervalMs: 5000,
      when: isOn(output('Entry conveyor')),
    },
    sensors: [{ tag: input('Item ready'), from: 0, to: 0.6, normallyClosed: true }],
    exits: [{ to: 'buffer' }],
    at: { x: 0.8, y: 1.2 },
  }),
  belt({
    conveyor: 'buffer',
    length: 4,
    speed: SPEED,
    runs: isOn(output('Buffer conveyor')),
    sensors: [
      { tag: input('At entry'), from: 0, to: 0.2, normallyClosed: true },
      { tag: input('At exit'), from: 3.6, to: 3.8, normallyClosed: true },
    ],
    end: 'remove',
    at: { x: 2.8, y: 1.2, look: 'rollers' },
  }),
);
