// The plant of the built-in scene "Separating Station" (reaches builtinPlant through shared/scenes/builtin/legacy-plants.ts until it is converted).
import type { Behaviour } from '../behaviour-types.js';
import { input, output, isOff, isOn, SPEED, emitterOn } from './plant-parts.js';

/** The vision sensors' codes of the parts this scene makes (0: nothing in view). */
export const PART_CODES: Readonly<Record<string, number>> = {
  'blue raw material': 1,
  'green raw material': 4,
};

/** How long a pusher takes from back to front and from front to back. */
const STROKE_MS = 1000;

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
 */
export const SEPARATING_STATION: readonly Behaviour[] = [1, 2].flatMap((n): Behaviour[] => {
  const other = 3 - n;
  const pusher = output(`Pusher ${n}`);
  return [
    {
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
    },
    {
      conveyor: `pusher ${n}`,
      length: 0.8,
      speed: SPEED,
      runs: { any: [isOn(output(`Conveyor ${n}`)), isOn(pusher)] },
      sensors: [{ tag: input(`Sensor ${n}`), from: 0, to: 0.1 }],
      exits: [
        { to: `push ${n}`, when: isOn(pusher) },
        { to: `exit ${n}`, when: isOff(pusher) },
      ],
    },
    {
      // The pusher's stroke across to the other line.
      conveyor: `push ${n}`,
      length: 0.5,
      speed: 2,
      runs: isOn(pusher),
      exits: [{ to: `exit ${other}` }],
    },
    {
      conveyor: `exit ${n}`,
      length: 2,
      speed: SPEED,
      runs: isOn(output(`Conveyor ${n}`)),
      sensors: [{ tag: input(`At pusher ${n} exit`), from: 1.7, to: 2 }],
      end: 'remove',
    },
    {
      name: `Pusher ${n} rests back`,
      when: { always: true },
      then: [{ set: input(`Pusher ${n} back`), value: true }],
    },
    {
      name: `Pusher ${n} leaves the back`,
      when: isOn(pusher),
      then: [{ set: input(`Pusher ${n} back`), value: false }],
    },
    {
      name: `Pusher ${n} reaches the front`,
      when: { tag: pusher, equals: true, forMs: STROKE_MS },
      then: [{ set: input(`Pusher ${n} front`), value: true }],
    },
    {
      name: `Pusher ${n} leaves the front`,
      when: isOff(pusher),
      then: [{ set: input(`Pusher ${n} front`), value: false }],
    },
    {
      name: `Pusher ${n} reaches the back`,
      when: { tag: pusher, equals: false, forMs: STROKE_MS },
      then: [{ set: input(`Pusher ${n} back`), value: true }],
    },
  ];
});
