// What the plants of the built-in scenes are written with.
import type { Condition, TagRef } from '../behaviour-types.js';

export const input = (name: string): TagRef => ({ name, kind: 'Input' });
export const output = (name: string): TagRef => ({ name, kind: 'Output' });
export const isOn = (ref: TagRef): Condition => ({ tag: ref, equals: true });
export const isOff = (ref: TagRef): Condition => ({ tag: ref, equals: false });

/** Belt speed of the roller and belt conveyors of these scenes. */
export const SPEED = 0.5;
