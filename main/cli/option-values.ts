import { MAX_TIME_SCALE, MIN_TIME_SCALE } from '../../shared/sim/sim-lifecycle.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../server/create-api-server.js';

/**
 * Reading the values of options that several commands and features share. The feature modules
 * (control, Modbus, lab) use these too, so their messages read the same as the rest.
 */

/** A command line that cannot be run; the message is one line that names the problem. */
export class UsageError extends Error {}

export function parsePort(text: string | undefined, option = '--port'): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = parseWholeNumber(option, text);
  if (port > 65535) throw new UsageError(`${option} must be from 0 to 65535; got '${text}'`);
  return port;
}

export function parseHost(text: string | undefined): string {
  if (text === undefined) return DEFAULT_HOST;
  if (text.trim() === '') throw new UsageError('--host needs an address, for example 127.0.0.1');
  return text.trim();
}

/** The values of the simulation's options as the parser gives them. */
export interface SimulationValues {
  seed?: string;
  paused?: boolean;
  'time-scale'?: string;
}

/** How the simulation starts (--seed, --paused, --time-scale): read the same for serve, run and lab. */
export function simulationOptions(values: SimulationValues): {
  seed: number | undefined;
  paused: boolean;
  timeScale: number | undefined;
} {
  return {
    seed: values.seed === undefined ? undefined : parseSeed(values.seed),
    paused: values.paused === true,
    timeScale: values['time-scale'] === undefined ? undefined : parseTimeScale(values['time-scale']),
  };
}

/** A seed of the simulation's random streams: a whole number that fits 32 bits. */
function parseSeed(text: string): number {
  const seed = parseWholeNumber('--seed', text);
  if (seed > 0xffffffff) throw new UsageError(`--seed must be from 0 to 4294967295; got '${text}'`);
  return seed;
}

/** A time scale the simulator offers, written `2`, `0.5` or `2x`. */
function parseTimeScale(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*x?\s*$/i.exec(text);
  const scale = match ? Number(match[1]) : NaN;
  if (!(scale >= MIN_TIME_SCALE && scale <= MAX_TIME_SCALE)) {
    throw new UsageError(
      `--time-scale must be a number from ${MIN_TIME_SCALE} to ${MAX_TIME_SCALE} (like 2 or 0.5); got '${text}'`,
    );
  }
  return scale;
}

export function parseWholeNumber(option: string, text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`${option} must be a whole number; got '${text}'`);
  return Number(text.trim());
}
