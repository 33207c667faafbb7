import { Type } from '@sinclair/typebox';
import { show } from '../problems/json-words.js';
import { says } from './shape-hints.js';

/** Largest time a file may give: about 24 days, the most a JavaScript timer holds. */
export const MAX_MS = 2_147_483_647;

/** A time in milliseconds, 0 or more (above 0 with `aboveZero`) and at most MAX_MS. */
export function milliseconds(options: { aboveZero?: boolean; description?: string } = {}) {
  const { aboveZero = false, description } = options;
  const range = aboveZero ? 'above 0' : '0 or more';
  return says(
    Type.Number({
      ...(aboveZero ? { exclusiveMinimum: 0 } : { minimum: 0 }),
      maximum: MAX_MS,
      ...(description ? { description } : {}),
    }),
    {
      invalid: (value) =>
        `must be a number of milliseconds, ${range} and at most ${MAX_MS}; got ${show(value)}`,
    },
  );
}
