import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../sim/sim-lifecycle.js';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { says } from '../schema/shape-hints.js';
import { bridgeArgs, type Validator } from './validate.js';

/**
 * The pieces BRIDGE_SPEC is built of, in a file of their own so that the spec's parts
 * (control-spec.ts) can use them without importing the spec that imports them.
 */

export interface MethodSpec<Args, Result> {
  readonly args: Validator<Args>;
  /** Phantom: only carries the result type. */
  readonly result?: Result;
}
export interface EventSpec<Payload> {
  readonly payload?: Payload;
}
/** A method whose payload has the shape `args` (a schema of validate.ts's `v`). */
export function method<Result>() {
  return <S extends TSchema>(args: S): MethodSpec<Static<S>, Result> => ({ args: bridgeArgs(args) });
}
export function event<Payload>(): EventSpec<Payload> {
  return {};
}

/** A time scale the simulator offers: 0.25x to 8x (anything else is refused, not clamped). */
export const timeScale = says(Type.Number({ minimum: MIN_TIME_SCALE, maximum: MAX_TIME_SCALE }), {
  invalid: (input) =>
    typeof input === 'number' && Number.isFinite(input)
      ? `must be from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE}; got ${input}`
      : `must be a finite number; got ${input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input}`,
});
