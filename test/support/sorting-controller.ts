// The controller of the end-to-end sorting tests (test/sim-http over HTTP, test/modbus over
// Modbus TCP): Sorting by Height (Basic) as a PLC programmer would write it for the real scene,
// in tag names; each test carries its scans over its own protocol.

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

/** Rising-edge detector, the PLC's R_TRIG. */
function rising(): (value: Value | undefined) => boolean {
  let last = false;
  return (value) => {
    const on = value === true;
    const edge = on && !last;
    last = on;
    return edge;
  };
}

/**
 * Sorting by Height (Basic) as a PLC programmer would write it for the real scene: measure each
 * box as it passes the height sensors (Low sees every box, High only high ones), load the pallet
 * waiting at the pallet sensor onto the transfer when the transfer is free, send low boxes left
 * and high ones right when `Loaded`, and count each pallet at the exit's entry sensor.
 */
export function sortingController() {
  const edge = { low: rising(), loaded: rising(), left: rising(), right: rising() };
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
    if (edge.low(i['Low sensor'])) m.queue.push(i['High sensor'] === true ? 'high' : 'low');
    if (edge.loaded(i['Loaded']) && m.load) {
      m.load = false;
      const height = m.queue.shift() ?? 'low';
      const side = height === 'low' ? 'left' : 'right';
      m.sent.push({ height, side });
      m[side] = true;
    }
    for (const side of ['left', 'right'] as const) {
      // The entry sensors are retro-reflective, as in the real scene: off while a box is there.
      if (!edge[side](i[`At ${side} entry`] === false)) continue;
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
