import { initialValue } from '../core/tag-record.js';
import type { Generator, PeriodicSignal } from './behaviour-types.js';
import type { ConditionSet, NumberSource } from './conditions.js';
import { mulberry32, type Random, symmetric } from './random.js';
import { asNumber, type TagMirror } from './tag-mirror.js';

/** A signal as it runs: the value at plant time `t`, `dtMs` after the previous call (0 at the start). */
type Signal = (t: number, dtMs: number) => number;

/** One generator: drives its tag every step. */
export class GeneratorRuntime {
  constructor(
    private readonly mirror: TagMirror,
    private readonly slot: number,
    private readonly signal: Signal,
    private readonly noise: number,
    private readonly noiseRandom: Random,
  ) {}

  step(t: number, dtMs: number): void {
    const value = this.signal(t, dtMs);
    const noisy = this.noise > 0 ? value + this.noise * symmetric(this.noiseRandom) : value;
    this.mirror.write(this.slot, noisy);
  }
}

/**
 * Builds a generator. `seeds` are the random streams it may use: one for the signal, one for the
 * measurement noise, so that adding noise does not change the signal underneath.
 */
export function compileGenerator(
  g: Generator,
  conditions: ConditionSet,
  mirror: TagMirror,
  seeds: { signal: number; noise: number },
): GeneratorRuntime {
  const slot = conditions.slotOf(g.generate, 'write');
  const initial = asNumber(initialValue(mirror.def(slot)));
  const random = mulberry32(g.seed ?? seeds.signal);
  const signal = build(g, conditions, initial, random);
  return new GeneratorRuntime(mirror, slot, signal, g.noise ?? 0, mulberry32(seeds.noise));
}

function build(g: Generator, conditions: ConditionSet, initial: number, random: Random): Signal {
  switch (g.signal) {
    case 'constant':
      return () => g.value;
    case 'sine':
    case 'square':
    case 'triangle':
    case 'sawtooth':
      return periodic(g);
    case 'ramp': {
      const { rate, min, max } = g;
      const start = g.start ?? (rate >= 0 ? min : max);
      const span = max - min;
      const wrap = (g.atLimit ?? 'wrap') === 'wrap';
      // From the time, not by adding a little each step: the sums of float steps drift.
      return (t) => {
        const value = start + (rate * t) / 1000;
        if (!wrap || span === 0) return clamp(value, min, max);
        // Reaching a limit jumps to the other one, like a sawtooth: rising spans [min, max), falling (min, max].
        const into = (value - min) % span;
        return rate >= 0 ? min + (into < 0 ? into + span : into) : max - ((max - value) % span);
      };
    }
    case 'randomWalk': {
      const { step, min, max } = g;
      const interval = g.intervalMs ?? 100;
      let value = g.start ?? (min + max) / 2;
      let next = interval;
      return (t) => {
        for (; next <= t + 1e-6; next += interval) value = clamp(value + step * symmetric(random), min, max);
        return value;
      };
    }
    case 'noise': {
      const around = conditions.expression(g.around);
      const interval = g.intervalMs ?? 100;
      let sample = 0;
      let next = 0;
      return (t) => {
        for (; next <= t + 1e-6; next += interval) sample = g.amplitude * symmetric(random);
        return around() + sample;
      };
    }
    case 'lag': {
      const target: NumberSource = conditions.expression(g.target);
      let value = g.start ?? initial;
      return (_t, dtMs) => {
        // The exact discrete solution, stable for any step (a plain Euler step overshoots when dt > tau).
        value += (target() - value) * (1 - Math.exp(-dtMs / g.timeConstantMs));
        return value;
      };
    }
    case 'integrator': {
      const rate = conditions.expression(g.rate);
      let value = g.start ?? clamp(initial, g.min, g.max);
      return (_t, dtMs) => {
        value = clamp(value + (rate() * dtMs) / 1000, g.min, g.max);
        return value;
      };
    }
  }
}

/** offset + amplitude x wave(fraction of the period); every wave starts at its phase 0. */
function periodic(g: PeriodicSignal): Signal {
  const offset = g.offset ?? 0;
  const phase = g.phase ?? 0;
  const duty = g.duty ?? 0.5;
  const wave: (p: number) => number = {
    sine: (p: number) => Math.sin(2 * Math.PI * p),
    // High for the first `duty` of the period, low for the rest.
    square: (p: number) => (p < duty ? 1 : -1),
    // Same shape of period as the sine: 0, up to 1 at a quarter, down to -1 at three quarters.
    triangle: (p: number) => (p < 0.25 ? 4 * p : p < 0.75 ? 2 - 4 * p : 4 * p - 4),
    sawtooth: (p: number) => 2 * p - 1,
  }[g.signal];
  return (t) => offset + g.amplitude * wave(fraction(t / g.periodMs + phase));
}

function fraction(x: number): number {
  return x - Math.floor(x);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
