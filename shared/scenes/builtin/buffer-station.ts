import type { Expression } from '../../sim/behaviour-types.js';
import {
  belt,
  type BuiltinPlant,
  declarePlant,
  emitterOn,
  input,
  isOff,
  output,
  rule,
  SPEED,
} from './declare-plant.js';

/** An analog belt's speed: its Float Output in volts, 10 V being full speed. */
const volts = (name: string): Expression => ({ tag: output(name), scale: SPEED / 10 });

/**
 * Buffer Station: boxes come onto the start of a 6 m belt whose speed is the Float Output
 * `Buffer conveyor` (0-10 V, 10 V = 0.5 m/s), one every 4 s while there is room. The `Stop blade`
 * at its end holds them: they queue against it while the belt runs on under them. `At buffer exit`
 * (normally closed, 5.9-6 m) sees the box at the blade. With the blade down the box goes onto the
 * 4 m exit belt (`Exit conveyor`, 0-10 V likewise), which carries it to `At exit` (normally
 * closed, 3.6-3.9 m) and off its end. `Buffer Vel.` is the operator's speed knob on the panel,
 * left at 7 V: the vendor's sample copies it into `Buffer conveyor` (a read-back of the belt's
 * speed would keep a belt that starts at 0 V stopped for ever). With the exit belt faster than the
 * buffer belt, the released box draws away from the next one, so the blade rises between them.
 * Assumptions: the lengths, the feeding, the volts-to-speed scale and the knob's setting.
 */
export const BUFFER_STATION: BuiltinPlant = declarePlant(
  rule({
    name: "Operator's buffer speed knob",
    generate: input('Buffer Vel.'),
    signal: 'constant',
    value: 7,
  }),
  belt({
    conveyor: 'buffer',
    length: 6,
    speed: volts('Buffer conveyor'),
    feeder: { items: ['box'], itemLength: 0.5, gap: 1, intervalMs: 4000, when: emitterOn('Emitter') },
    sensors: [{ tag: input('At buffer exit'), from: 5.9, to: 6, normallyClosed: true }],
    exits: [{ to: 'exit', when: isOff(output('Stop blade')) }],
    at: { x: 0.8, y: 1.2, look: 'rollers' },
  }),
  belt({
    conveyor: 'exit',
    length: 4,
    speed: volts('Exit conveyor'),
    sensors: [{ tag: input('At exit'), from: 3.6, to: 3.9, normallyClosed: true }],
    end: 'remove',
    at: { x: 6.8, y: 1.2 },
  }),
);
