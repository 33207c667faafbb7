import {
  belt,
  type BuiltinPlant,
  declarePlant,
  input,
  isOff,
  isOn,
  machine,
  output,
  panel,
  type PlantPart,
  rule,
  SPEED,
} from './declare-plant.js';

/**
 * One machining center's line: raw material on its raw conveyor, the center, and its two exit
 * conveyors, which end on the shared exit conveyor. `part` labels its items ('lid' or 'base'):
 * the raw material is labelled after what the center makes of it. Drawn as a row at `y`, the
 * centre's lamp `station` metres below it.
 */
function centerLine(prefix: 'Lids' | 'Bases', part: string, y: number, station: number): PlantPart[] {
  const start = output(`${prefix} center (start)`);
  const busy = input(`${prefix} center (busy)`);
  const running = input(`${prefix} center (running)`);
  const raw = `${prefix.toLowerCase()} raw`;
  const center = `${prefix.toLowerCase()} center`;
  const exit1 = `${prefix.toLowerCase()} exit 1`;
  const exit2 = `${prefix.toLowerCase()} exit 2`;
  return [
    belt({
      conveyor: raw,
      length: 4,
      speed: SPEED,
      runs: isOn(output(`${prefix} raw conveyor`)),
      feeder: { items: [part], itemLength: 0.5, gap: 1 },
      sensors: [{ tag: input(`${prefix} at entry`), from: 3.7, to: 4, normallyClosed: true }],
      // The center takes one piece at a time, while started.
      exits: [{ to: center, when: { all: [isOn(start), isOff(busy)] } }],
      at: { x: 0.8, y },
    }),
    // Inside the center: the piece crosses it in 6 s (drawn in, machined), then unloads in 1 s.
    // The centres and exit belts are drawn longer than they are, so each drive's name fits
    // beside its motor before the next belt's motor.
    belt({
      conveyor: center,
      length: 1.5,
      speed: 0.25,
      runs: isOn(start),
      sensors: [{ tag: busy, from: 0, to: 1.5 }],
      exits: [{ to: exit1 }],
      at: { x: 4.8, y, look: 'rollers', drawnLength: 2.4 },
    }),
    belt({
      conveyor: exit1,
      length: 2,
      speed: SPEED,
      runs: isOn(output(`${prefix} exit conveyor 1`)),
      exits: [{ to: exit2 }],
      at: { x: 7.2, y, drawnLength: 2.6 },
    }),
    belt({
      conveyor: exit2,
      length: 2,
      speed: SPEED,
      runs: isOn(output(`${prefix} exit conveyor 2`)),
      exits: [{ to: 'exit' }],
      at: { x: 9.8, y, drawnLength: 2.6 },
    }),
    rule(
      {
        name: `${prefix} center runs while started`,
        when: isOn(start),
        then: [{ set: running, value: true }],
      },
      {
        name: `${prefix} center stops when no longer started`,
        when: isOff(start),
        then: [{ set: running, value: false }],
      },
    ),
    machine('station', `${prefix} machining centre`, { x: 4.6, y: station, width: 3.2, height: 0.75 }, [
      [running, 'lamp'],
    ]),
  ];
}

/**
 * Production Line: two machining centers, one making lids and one making bases, each fed with raw
 * material by its own raw conveyor, as in the vendor's sample controller.
 *
 * - Raw material comes down the 4 m raw conveyor while `Lids raw conveyor` / `Bases raw conveyor`
 *   runs, 1 m apart; `Lids at entry` / `Bases at entry` (normally closed: on while they see
 *   nothing) see it at the end (3.7-4 m), at the center's door.
 * - While `... center (start)` is on, the center takes the piece at its door when it is empty:
 *   `... center (busy)` is on from then until the finished part has left it, 7 s later (the piece
 *   crosses the center in 6 s, its rear clearing the door after 2 s, then unloads onto exit
 *   conveyor 1 in 1 s; that conveyor must run for the center to unload). `... center (running)` is on while the center is started. With start off
 *   the center pauses, and takes no new piece.
 * - The finished part goes down `... exit conveyor 1` and `... exit conveyor 2` (2 m each) onto
 *   the shared 6 m `Exit conveyor`, which carries lids and bases to the end of the line.
 *
 * Assumptions (the tags do not say): the timings, that "running" means started (the sample
 * controllers do not read it), and that a center holds one piece at a time.
 *
 * Drawn with the lids above and the bases below, their lines meeting on the exit belt.
 */
export const PRODUCTION_LINE: BuiltinPlant = declarePlant(
  ...centerLine('Lids', 'lid', 1.3, 2.3),
  ...centerLine('Bases', 'base', 4.9, 3.25),
  belt({
    conveyor: 'exit',
    length: 6,
    speed: SPEED,
    runs: isOn(output('Exit conveyor')),
    end: 'remove',
    // Starts above the lids line, so its motor and name sit clear of the lids' last belt.
    at: { x: 12.9, y: 0.2, angle: 90, drawnLength: 5.1 },
  }),
  panel(0.6, 6.4, ['Lids counter', 'Bases counter']),
);
