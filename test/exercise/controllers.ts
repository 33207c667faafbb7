// The controllers the built-in exercises are graded against in the tests: for each, the model
// answer (it passes), one that does nothing and one that does the job but ignores the fault
// (both fail). Each is a PLC scan: it reads the Inputs as the tag API gives them (effective
// values, faults included) and returns the Outputs to write, by name.
import { Rising } from '../sim/plc.js';

export type Value = boolean | number;
export type Inputs = Readonly<Record<string, Value>>;
export type Scan = (inputs: Inputs) => Record<string, Value>;

/** A controller for one exercise: the Inputs it reads, and a fresh scan function. */
export interface Controller {
  readonly reads: readonly string[];
  readonly scan: () => Scan;
}

/** Writes nothing at all. */
export const doNothing: Controller = { reads: [], scan: () => () => ({}) };

/**
 * Sorting by Height (Basic), event-driven (the vendor's way): measure each box at the light
 * curtain's rising edges, load the pallet waiting there when the transfer is free, push low
 * boxes left and high ones right. With `watchSensor`, a High beam that breaks without the Low
 * beam (or stays broken with no box) is a stuck sensor: stop the entry, light Stop light, wait
 * until it is right again.
 */
export function sortingByHeight(watchSensor: boolean): Controller {
  const reads = ['Pallet sensor', 'Low sensor', 'High sensor', 'Loaded', 'At left entry', 'At right entry'];
  return {
    reads,
    scan: () => {
      const edge = {
        low: new Rising(),
        high: new Rising(),
        loaded: new Rising(),
        left: new Rising(),
        right: new Rising(),
      };
      const m = { load: false, left: false, right: false, queue: [] as ('low' | 'high')[], stuck: false };
      return (i) => {
        const low = i['Low sensor'] === true;
        const high = i['High sensor'] === true;
        const lowRose = edge.low.q(low);
        const highRose = edge.high.q(high);
        if (watchSensor) m.stuck = (high && !low) || (highRose && !lowRose) || (m.stuck && high);
        if (lowRose) m.queue.push(high && !m.stuck ? 'high' : 'low');
        if (edge.loaded.q(i['Loaded']) && m.load) {
          m.load = false;
          const side = (m.queue.shift() ?? 'low') === 'low' ? 'left' : 'right';
          m[side] = true;
        }
        for (const side of ['left', 'right'] as const)
          if (edge[side].q(i[`At ${side} entry`] === false)) m[side] = false;
        const pallet = i['Pallet sensor'] === true;
        if (pallet && !m.load && !m.left && !m.right && !m.stuck) m.load = true;
        return {
          'Conveyor entry': !m.stuck && (!pallet || m.load),
          Load: m.load,
          'Transf. left': m.left,
          'Transf. right': m.right,
          'Conveyor left': true,
          'Conveyor right': true,
          'Stop light': m.stuck,
        };
      };
    },
  };
}

/** Scans per second at the tests' 20 ms scan: the controllers' timers count scans. */
const SCANS_PER_S = 50;

/**
 * From A to B (Set and Reset): set the conveyor when Sensor A sees a box, reset it when Sensor B
 * does. With `watchdog`, a box B has not seen 6 s after it left A means a dead sensor: stop,
 * wait 5 s, and run again (the box may be anywhere on the belt by then).
 */
export function fromAToB(watchdog: boolean): Controller {
  return {
    reads: ['Sensor A', 'Sensor B'],
    scan: () => {
      const m = { run: false, sinceA: 0, resting: 0 };
      return (i) => {
        const atA = i['Sensor A'] === false;
        if (m.resting > 0 && --m.resting === 0) {
          m.run = true;
          m.sinceA = 0;
        } else if (m.resting === 0 && atA) m.run = true;
        if (i['Sensor B'] === false) m.run = false;
        m.sinceA = m.run && !atA ? m.sinceA + 1 : 0;
        if (watchdog && m.sinceA > 6 * SCANS_PER_S) {
          m.run = false;
          m.resting = 5 * SCANS_PER_S;
        }
        return { Conveyor: m.run };
      };
    },
  };
}

/**
 * Queue of Items, the vendor sample's way: load items one at a time until three wait on the
 * buffer, then release them, counting them out at the exit sensor. With `timeout`, 10 s without
 * an item leaving while releasing ends the release (the buffer is empty by then).
 */
export function queueOfItems(timeout: boolean): Controller {
  return {
    reads: ['Item ready', 'At entry', 'At exit'],
    scan: () => {
      const m = { unloading: false, step: 0, counter: 0, quiet: 0 };
      const arrive = new Rising();
      const passed = new Rising();
      const left = new Rising();
      return (i) => {
        const atEntry = i['At entry'] === false; // normally closed sensors
        const arrived = arrive.q(atEntry);
        const passedEntry = passed.q(!atEntry);
        const leftExit = left.q(i['At exit'] === true);
        if (!m.unloading && m.counter === 3) {
          m.unloading = true;
          m.quiet = 0;
        } else if (m.unloading && m.counter === 0) m.unloading = false;
        if (!m.unloading) {
          if (m.step === 0 && (i['Item ready'] === false || atEntry)) m.step = 1;
          else if (m.step === 1 && arrived) m.step = 2;
          else if (m.step === 2 && passedEntry) {
            m.counter++;
            m.step = 0;
          }
          return { 'Entry conveyor': true, 'Buffer conveyor': m.step === 2 };
        }
        m.quiet = leftExit ? 0 : m.quiet + 1;
        if (leftExit) m.counter--;
        if (timeout && m.quiet > 10 * SCANS_PER_S) m.counter = 0;
        return { 'Entry conveyor': false, 'Buffer conveyor': true };
      };
    },
  };
}

/**
 * Level Control: a PI controller on the fill valve that tracks the setpoint. With `watchMeter`,
 * a level meter that shows the very same value for half a second is stuck: close the valve and light
 * Stop light until it moves again.
 */
export function levelControl(watchMeter: boolean): Controller {
  return {
    reads: ['Setpoint', 'Level meter'],
    scan: () => {
      const m = { integral: 0, last: NaN, same: 0 };
      return (i) => {
        const sp = i['Setpoint'] as number;
        const pv = i['Level meter'] as number;
        m.same = pv === m.last ? m.same + 1 : 0;
        m.last = pv;
        if (watchMeter && m.same >= SCANS_PER_S / 2) return { 'Fill valve': 0, 'Stop light': true };
        const error = sp - pv;
        const unclamped = 4 * error + 0.8 * m.integral;
        if ((unclamped < 10 || error < 0) && (unclamped > 0 || error > 0)) m.integral += error / SCANS_PER_S;
        return { 'Fill valve': Math.min(10, Math.max(0, unclamped)), 'Stop light': false };
      };
    },
  };
}

type Exit = 'left' | 'forward' | 'right';

/**
 * Sorting by Weight, the vendor's sample: load the scale until the box has cleared the entry
 * sensor, stop it at `At scale`, weigh 1 s later, send it left, forward or right, and start
 * over once it has passed the exit's entry sensor. With `checkScale`, a reading above 7 is a
 * faulty scale: stop the entry and the scale, light Stop light, carry on once it reads right.
 */
export function sortingByWeight(checkScale: boolean): Controller {
  return {
    reads: ['At scale entry', 'At scale', 'Weight', 'At left entry', 'At forward entry', 'At right entry'],
    scan: () => {
      const fallen = {
        scaleEntry: new Rising(),
        left: new Rising(),
        forward: new Rising(),
        right: new Rising(),
      };
      const m = { state: 0, timer: 0, exit: 'forward' as Exit };
      const conveyors = { left: true, forward: true, right: true };
      return (i): Record<string, Value> => {
        const atScaleEntry = i['At scale entry'] === true;
        const clearedEntry = fallen.scaleEntry.q(atScaleEntry);
        const weight = i['Weight'] as number;
        if (checkScale && weight > 7)
          return { 'Entry conveyor': false, 'Load scale': false, 'Send forward': false, 'Stop light': true };
        const passed = {
          left: fallen.left.q(i['At left entry'] !== true),
          forward: fallen.forward.q(i['At forward entry'] !== true),
          right: fallen.right.q(i['At right entry'] !== true),
        };
        let entry = atScaleEntry || m.state === 1;
        let load = false;
        let send = false;
        if (m.state === 0) {
          if (!atScaleEntry) m.state = 1;
        } else if (m.state === 1) {
          load = true;
          if (clearedEntry) {
            entry = false;
            m.state = 2;
          }
        } else if (m.state === 2) {
          load = i['At scale'] !== true;
          if (!load) {
            m.state = 3;
            m.timer = 0;
          }
        } else if (m.state === 3) {
          if (++m.timer >= SCANS_PER_S) {
            const w = Math.trunc(weight * 2);
            const exit = w < 8 ? 'left' : w > 8 && w < 10 ? 'forward' : w > 10 ? 'right' : undefined;
            if (exit) {
              m.exit = exit;
              m.state = 4;
            }
          }
        } else {
          load = send = true;
          if (passed[m.exit]) m.state = 0;
        }
        return {
          'Entry conveyor': entry,
          'Load scale': load,
          'Send forward': send,
          'Send left': m.state === 4 && m.exit === 'left',
          'Send right': m.state === 4 && m.exit === 'right',
          'Left conveyor': conveyors.left,
          'Front conveyor': conveyors.forward,
          'Right conveyor': conveyors.right,
          'Stop light': false,
        };
      };
    },
  };
}
