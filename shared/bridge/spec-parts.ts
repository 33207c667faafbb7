import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../sim/sim-lifecycle.js';
import { BridgeArgumentError, v, type Validator } from './validate.js';

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
export function method<Result>() {
  return <Args>(args: Validator<Args>): MethodSpec<Args, Result> => ({ args });
}
export function event<Payload>(): EventSpec<Payload> {
  return {};
}

/** A time scale the simulator offers: 0.25x to 8x (anything else is refused, not clamped). */
export const timeScale: Validator<number> = (input, path) => {
  const scale = v.number(input, path);
  if (scale < MIN_TIME_SCALE || scale > MAX_TIME_SCALE)
    throw new BridgeArgumentError(
      `${path} must be from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE}; got ${scale}.`,
    );
  return scale;
};
