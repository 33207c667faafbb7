// The controller of the end-to-end sorting tests (test/sim-http over HTTP, test/modbus over
// Modbus TCP): Sorting by Height (Basic) as a PLC programmer would write it for the real scene,
// in tag names; each test carries its scans over its own protocol.

import { expect } from 'vitest';
import { Rising } from '../sim/plc.js';

export type Value = boolean | number;

/** The sensors the controller reads each scan. */
export const INPUTS = [
  'Pallet sensor',
  'Low sensor',
  'High sensor',
  'Loaded',
  'At left entry',
  'At right entry',
];

/**
 * Sorting by Height (Basic) as a PLC programmer would write it for the real scene: measure each
 * box as it passes the height sensors (Low sees every box, High only high ones), load the pallet
 * waiting at the pallet sensor onto the transfer when the transfer is free, send low boxes left
 * and high ones right when `Loaded`, and count each pallet at the exit's entry sensor.
 */
export function sortingController() {
  const edge = { low: new Rising(), loaded: new Rising(), left: new Rising(), right: new Rising() };
  const m = {
    load: false,
    left: false,
    right: false,
    counter: 0,
    /** Heights measured and not yet loaded, oldest first. */
    queue: [] as ('low' | 'high')[],
    /** What the sensors said of each pallet loaded, and where it was sent. */
    sent: [] as { height: 'low' | 'high'; side: 'left' | 'right' }[],
    /** Where the exits' entry sensors saw pallets arrive. */
    arrived: [] as ('left' | 'right')[],
  };
  const scan = (i: Record<string, Value>): Record<string, Value> => {
    const pallet = i['Pallet sensor'] === true;
    // Both height sensors turn on together for a high box.
    if (edge.low.q(i['Low sensor'])) m.queue.push(i['High sensor'] === true ? 'high' : 'low');
    if (edge.loaded.q(i['Loaded']) && m.load) {
      m.load = false;
      const height = m.queue.shift() ?? 'low';
      const side = height === 'low' ? 'left' : 'right';
      m.sent.push({ height, side });
      m[side] = true;
    }
    for (const side of ['left', 'right'] as const) {
      // The entry sensors are retro-reflective, as in the real scene: off while a box is there.
      if (!edge[side].q(i[`At ${side} entry`] === false)) continue;
      m[side] = false;
      m.arrived.push(side);
      m.counter++;
    }
    if (pallet && !m.load && !m.left && !m.right) m.load = true;
    return {
      'Conveyor entry': !pallet || m.load,
      Load: m.load,
      'Transf. left': m.left,
      'Transf. right': m.right,
      'Conveyor left': true,
      'Conveyor right': true,
      Counter: m.counter,
    };
  };
  return { scan, m };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the controller every `scanMs` until its Counter reaches 10 (failing after `timeLimitMs`),
 * each scan going through `exchange`: read the inputs, scan, write the outputs, over one
 * protocol. Then checks what a person watching the plant would: the sensors showed low and high
 * boxes alternately, low first, as the scene feeds them; each went to its side; and the exits'
 * sensors saw them arrive there, in that order.
 */
export async function sortTenBoxes(
  exchange: (scan: (inputs: Record<string, Value>) => Record<string, Value>) => Promise<void>,
  { scanMs, timeLimitMs }: { scanMs: number; timeLimitMs: number },
): Promise<void> {
  const { scan, m } = sortingController();
  const started = Date.now();
  while (m.counter < 10) {
    if (Date.now() - started > timeLimitMs) {
      throw new Error(`Counter ${m.counter} after ${timeLimitMs} ms: ${JSON.stringify(m)}`);
    }
    const begun = Date.now();
    await exchange(scan);
    await sleep(Math.max(0, scanMs - (Date.now() - begun)));
  }
  expect(m.sent.map((s) => s.height)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 ? 'high' : 'low')));
  expect(m.sent.every((s) => s.side === (s.height === 'low' ? 'left' : 'right'))).toBe(true);
  expect(m.arrived).toEqual(m.sent.map((s) => s.side));
}
