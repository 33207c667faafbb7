// Names every JavaScript object answers to: a lookup keyed by a user's name in a plain object
// finds `Object.prototype`'s member for them (or sets the prototype, for `__proto__`) unless it
// uses a Map, a null-prototype object or an own-property check (issue 30, point 4). The hostile
// suites' generators take them as tag, conveyor, item, scene, label and field names.
import fc from 'fast-check';

export const OBJECT_KEY_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
] as const;

/** One of them. */
export const objectKeyName = fc.constantFrom(...OBJECT_KEY_NAMES);
