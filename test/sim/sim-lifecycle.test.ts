// The lifecycle state machine and its clock, on their own (simulation.test.ts has them with tags).
import { describe, expect, it } from 'vitest';
import { SimLifecycle } from '../../shared/sim/sim-lifecycle.js';

const lifecycle = (startRunning = true) =>
  new SimLifecycle({ startRunning, stepMs: 10, resetPulseMs: 100, maxAdvanceMs: 1000 });
const off = { run: false, pause: false, reset: false };

describe('SimLifecycle', () => {
  it('starts running or stopped as configured; pause only pauses a running simulation', () => {
    expect(lifecycle().state).toBe('running');
    const stopped = lifecycle(false);
    expect(stopped.state).toBe('stopped');
    expect(stopped.pause()).toBe(false);
    expect(stopped.run()).toBe(true);
    expect(stopped.run()).toBe(false);
    expect(stopped.pause()).toBe(true);
    expect(stopped.state).toBe('paused');
  });

  it('turns rising edges into commands; the first reading only records', () => {
    const l = lifecycle();
    expect(l.edges({ ...off, run: true })).toEqual([]);
    expect(l.edges({ ...off, run: true })).toEqual([]);
    expect(l.edges({ run: false, pause: true, reset: true })).toEqual(['reset', 'pause']);
    expect(l.edges({ run: true, pause: false, reset: true })).toEqual(['run']);
    l.forgetEdges();
    expect(l.edges({ run: true, pause: true, reset: true })).toEqual([]);
  });

  it('hands out whole steps of scaled time and keeps the remainder', () => {
    const l = lifecycle();
    expect(l.elapse(25)).toBe(2);
    expect(l.elapse(5)).toBe(1);
    l.setTimeScale(8);
    expect(l.elapse(10)).toBe(8);
    l.setTimeScale(0.25);
    expect(l.elapse(20)).toBe(0);
    expect(l.elapse(20)).toBe(1);
    expect(l.elapse(-5)).toBe(0);
    expect(l.elapse(Number.NaN)).toBe(0);
    expect(l.elapse(1e9)).toBe(25); // at most maxAdvanceMs of real time
  });

  it('makes no steps unless running', () => {
    const l = lifecycle(false);
    expect(l.elapse(1000)).toBe(0);
    l.run();
    l.pause();
    expect(l.elapse(1000)).toBe(0);
  });

  it('holds the Reset pulse for its duration, skipping the advance that saw the edge', () => {
    const l = lifecycle();
    l.reset(true);
    expect(l.resetPulse).toBe(true);
    expect(l.elapse(500)).toBe(0); // that advance's time passed before the reset
    expect(l.resetPulse).toBe(true);
    expect(l.elapse(90)).toBe(9);
    expect(l.resetPulse).toBe(true);
    expect(l.elapse(10)).toBe(1);
    expect(l.resetPulse).toBe(false);
  });
});
