// The controllers of the end-to-end sorting tests (test/sim-http over HTTP, test/modbus over
// Modbus TCP, test/sim on the engine): Sorting by Height (Basic) as PLC programmers write it for
// the real scene, in tag names; each test carries its scans over its own protocol.

import { expect } from 'vitest';
import { Rising } from '../sim/plc.js';

export type Value = boolean | number;
type Height = 'low' | 'high';
type Side = 'left' | 'right';

/** What a sorting controller remembers and shows the test. */
export interface SortingMemory {
  counter: number;
  /** What the sensors said of each pallet loaded, and where it was sent. */
  readonly sent: { height: Height; side: Side }[];
  /** Where the exits' entry sensors saw pallets arrive. */
  readonly arrived: Side[];
}

export interface SortingController {
  readonly scan: (inputs: Record<string, Value>) => Record<string, Value>;
  readonly m: SortingMemory;
}

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
export function sortingController(): SortingController & { m: { queue: Height[] } } {
  const edge = { low: new Rising(), loaded: new Rising(), left: new Rising(), right: new Rising() };
  const m = {
    load: false,
    left: false,
    right: false,
    counter: 0,
    /** Heights measured and not yet loaded, oldest first. */
    queue: [] as Height[],
    sent: [] as { height: Height; side: Side }[],
    arrived: [] as Side[],
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

/** Scans the pallet waits, stopped at the pallet sensor, before its height is read. */
const SETTLE_SCANS = 3;

/**
 * The other way public controllers of the real scene are written (docs/fidelity.md, "Geometry"):
 * one pallet at a time. Run the entry conveyor until the pallet sensor sees a pallet, stop it
 * there, let it settle a few scans, and read its height from the light curtain's beams while it
 * waits (Low and High: high; Low only: low; neither: "no height detected", counted, and the
 * controller goes back to feeding). Then `Load` until `Loaded`, push it to its side (low left,
 * high right) until the side's entry sensor sees it arrive, count it, and feed the next.
 */
export function palletSensorController(): SortingController & { m: { noHeight: number } } {
  type Step = 'feed' | 'settle' | 'load' | 'transfer';
  const edge = { loaded: new Rising(), left: new Rising(), right: new Rising() };
  const m = {
    step: 'feed' as Step,
    settled: 0,
    height: 'low' as Height,
    counter: 0,
    /** Times the pallet sensor saw a pallet and the height beams saw no box. */
    noHeight: 0,
    sent: [] as { height: Height; side: Side }[],
    arrived: [] as Side[],
  };
  const sideOf = (height: Height): Side => (height === 'low' ? 'left' : 'right');
  const scan = (i: Record<string, Value>): Record<string, Value> => {
    const pallet = i['Pallet sensor'] === true;
    const loaded = edge.loaded.q(i['Loaded']);
    // The entry sensors are retro-reflective: off while a box is there.
    const reached = {
      left: edge.left.q(i['At left entry'] === false),
      right: edge.right.q(i['At right entry'] === false),
    };
    if (m.step === 'feed' && pallet) {
      m.step = 'settle';
      m.settled = 0;
    } else if (m.step === 'settle' && ++m.settled >= SETTLE_SCANS) {
      if (i['Low sensor'] === true) {
        m.height = i['High sensor'] === true ? 'high' : 'low';
        m.step = 'load';
      } else {
        m.noHeight++;
        m.step = 'feed';
      }
    } else if (m.step === 'load' && loaded) {
      m.sent.push({ height: m.height, side: sideOf(m.height) });
      m.step = 'transfer';
    } else if (m.step === 'transfer' && reached[sideOf(m.height)]) {
      m.arrived.push(sideOf(m.height));
      m.counter++;
      m.step = 'feed';
    }
    const transfer = m.step === 'transfer';
    return {
      'Conveyor entry': m.step === 'load' || (m.step === 'feed' && !pallet),
      Load: m.step === 'load',
      'Transf. left': transfer && sideOf(m.height) === 'left',
      'Transf. right': transfer && sideOf(m.height) === 'right',
      'Conveyor left': true,
      'Conveyor right': true,
      Counter: m.counter,
    };
  };
  return { scan, m };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the controller (`sortingController` unless told) every `scanMs` until its Counter reaches
 * 10 (failing after `timeLimitMs`), each scan going through `exchange`: read the inputs, scan,
 * write the outputs, over one protocol. Then checks what a person watching the plant would: the sensors showed low and high
 * boxes alternately, low first, as the scene feeds them; each went to its side; and the exits'
 * sensors saw them arrive there, in that order.
 */
export async function sortTenBoxes(
  exchange: (scan: (inputs: Record<string, Value>) => Record<string, Value>) => Promise<void>,
  {
    scanMs,
    timeLimitMs,
    controller = sortingController(),
  }: { scanMs: number; timeLimitMs: number; controller?: SortingController },
): Promise<void> {
  const { scan, m } = controller;
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
