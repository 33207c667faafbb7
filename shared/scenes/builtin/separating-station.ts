import {
  belt,
  type BuiltinPlant,
  declarePlant,
  emitterOn,
  input,
  isOff,
  isOn,
  machine,
  output,
  path,
  type PlantPart,
  SPEED,
} from './declare-plant.js';

/** The vision sensors' codes of the parts this scene makes (0: nothing in view). */
export const PART_CODES: Readonly<Record<string, number>> = {
  'blue raw material': 1,
  'green raw material': 4,
};

/** How long a pusher takes from back to front and from front to back. */
const STROKE_MS = 1000;

/**
 * Where line `n` is drawn: its belts at `y`, the pusher's block at `pusherY`, the stroke across
 * from its pusher zone to the other line (down from line 1, up from line 2).
 */
const DRAWN = {
  1: { y: 1.3, pusherY: 0.7, stroke: path(4.2, 1.75, 90, 1.3) },
  2: { y: 3.5, pusherY: 2.9, stroke: path(4.35, 3.05, -90, 1.3) },
} as const;

/**
 * Separating Station: two parallel lines each get blue and green raw material mixed (a seeded
 * random order per line, 1 m apart); the controller separates them, blue on line 1 and green on
 * line 2. On each line the part comes down the 3 m `Entry conveyor N`; `Vision sensor N` (Int)
 * reads it near the end (2.4-2.6 m): 1 blue, 4 green, 0 nothing. It crosses onto the line's
 * pusher zone (0.8 m, run by `Conveyor N`), where `Sensor N` (normally open) sees it at the start
 * (0-0.1 m): once it has passed the sensor it stands before pusher N. `Pusher N` extends the
 * pusher (front after 1 s: `Pusher N front` on; `Pusher N back` on 1 s after it retracts, and at
 * rest): it sweeps the part off its line onto the other line's exit conveyor. Otherwise the part
 * goes on down its own line's 2 m exit conveyor (`Conveyor N`), where `At pusher N exit`
 * (normally open) sees it at the end (1.7-2 m) as it leaves the plant.
 *
 * As the vendor's sample controller uses them: it waits until both vision sensors see a part,
 * lets both through when they are on the right lines, else stops the line of the wrong part when
 * it has passed `Sensor N`, pushes it across, retracts at `Pusher N front` and runs the other
 * line until the part has passed its exit sensor. The lengths, the stroke time and the polarities
 * of the pushers' limit switches are assumptions; the pusher zone moves a part along the pusher's
 * face while the pusher extends (so that it leaves the zone at its end, as conveyors here do).
 *
 * Drawn as the two lines side by side, line 1 above; the pusher of each sends a part across to
 * the other line's exit.
 */
export const SEPARATING_STATION: BuiltinPlant = declarePlant(...line(1), ...line(2));

/** Line `n`: its belts, the pusher's stroke across, and the pusher. */
function line(n: 1 | 2): PlantPart[] {
  const other = 3 - n;
  const { y, pusherY, stroke } = DRAWN[n];
  const pusher = output(`Pusher ${n}`);
  const conveyor = output(`Conveyor ${n}`);
  const front = input(`Pusher ${n} front`);
  const back = input(`Pusher ${n} back`);
  return [
    belt({
      conveyor: `entry ${n}`,
      length: 3,
      speed: SPEED,
      runs: isOn(output(`Entry conveyor ${n}`)),
      feeder: {
        items: Object.keys(PART_CODES),
        order: 'random',
        itemLength: 0.5,
        gap: 1,
        when: emitterOn(`Emitter ${n}`),
      },
      sensors: [{ tag: input(`Vision sensor ${n}`), from: 2.4, to: 2.6, reads: PART_CODES }],
      exits: [{ to: `pusher ${n}` }],
      at: { x: 0.8, y },
    }),
    belt({
      conveyor: `pusher ${n}`,
      length: 0.8,
      speed: SPEED,
      runs: { any: [isOn(conveyor), isOn(pusher)] },
      sensors: [{ tag: input(`Sensor ${n}`), from: 0, to: 0.1 }],
      exits: [
        { to: `push ${n}`, when: isOn(pusher) },
        { to: `exit ${n}`, when: isOff(pusher) },
      ],
      at: { x: 3.8, y, look: 'rollers' },
    }),
    belt({
      // The pusher's stroke across to the other line.
      conveyor: `push ${n}`,
      length: 0.5,
      speed: 2,
      runs: isOn(pusher),
      exits: [{ to: `exit ${other}` }],
      at: { ...stroke, width: 0.4 },
    }),
    belt({
      conveyor: `exit ${n}`,
      length: 2,
      speed: SPEED,
      runs: isOn(conveyor),
      sensors: [{ tag: input(`At pusher ${n} exit`), from: 1.7, to: 2 }],
      end: 'remove',
      at: { x: 4.6, y },
    }),
    machine(
      'pusher',
      `Pusher ${n}`,
      { x: 7.2, y: pusherY, width: 2.2, height: 1.05 },
      [
        [front, 'lamp'],
        [back, 'lamp'],
      ],
      {
        behaviours: [
          {
            name: `Pusher ${n} rests back`,
            when: { always: true },
            then: [{ set: back, value: true }],
          },
          {
            name: `Pusher ${n} leaves the back`,
            when: isOn(pusher),
            then: [{ set: back, value: false }],
          },
          {
            name: `Pusher ${n} reaches the front`,
            when: { tag: pusher, equals: true, forMs: STROKE_MS },
            then: [{ set: front, value: true }],
          },
          {
            name: `Pusher ${n} leaves the front`,
            when: isOff(pusher),
            then: [{ set: front, value: false }],
          },
          {
            name: `Pusher ${n} reaches the back`,
            when: { tag: pusher, equals: false, forMs: STROKE_MS },
            then: [{ set: back, value: true }],
          },
        ],
      },
    ),
  ];
}
