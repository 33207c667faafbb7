import { describe, expect, it } from 'vitest';
import {
  formatSimTime,
  SimulationClock,
  simulationStatusText,
  timeScaleChoices,
} from '../../../renderer/state/simulation-model.js';

describe('SimulationClock', () => {
  it('counts simulation time while running: real time since the status times the time scale', () => {
    let now = 100;
    const clock = new SimulationClock(() => now);
    expect(clock.timeMs()).toBeUndefined();
    clock.set({ state: 'running', timeScale: 4, timeMs: 1000 });
    expect(clock.timeMs()).toBe(1000);
    now += 250;
    expect(clock.timeMs()).toBe(2000);
  });

  it('counts nothing itself on the virtual clock: only the host moves it (each advance is told)', () => {
    let now = 0;
    const clock = new SimulationClock(() => now);
    clock.mode = 'virtual';
    clock.set({ state: 'running', timeScale: 1, timeMs: 500 });
    now += 10_000;
    expect(clock.timeMs()).toBe(500);
  });

  it('stands still while paused or not started, and starts again from each status', () => {
    let now = 0;
    const clock = new SimulationClock(() => now);
    clock.set({ state: 'paused', timeScale: 2, timeMs: 7300 });
    now += 5000;
    expect(clock.timeMs()).toBe(7300);
    clock.set({ state: 'stopped', timeScale: 1, timeMs: 0 });
    now += 5000;
    expect(clock.timeMs()).toBe(0);
    // A reset while running: back to 0, counting from the moment it was told.
    clock.set({ state: 'running', timeScale: 1, timeMs: 0 });
    now += 1200;
    expect(clock.timeMs()).toBe(1200);
    clock.set(undefined);
    expect(clock.timeMs()).toBeUndefined();
  });

  it('never counts backwards if the real clock does', () => {
    let now = 1000;
    const clock = new SimulationClock(() => now);
    clock.set({ state: 'running', timeScale: 1, timeMs: 500 });
    now = 900;
    expect(clock.timeMs()).toBe(500);
  });
});

describe('the simulation in words', () => {
  it('formats simulation time as hours, minutes, seconds and tenths, cutting the rest', () => {
    expect(formatSimTime(0)).toBe('00:00:00.0');
    expect(formatSimTime(83_499)).toBe('00:01:23.4');
    expect(formatSimTime(99)).toBe('00:00:00.0');
    expect(formatSimTime(3_600_000 + 59 * 60_000 + 59_900)).toBe('01:59:59.9');
    expect(formatSimTime(100 * 3_600_000)).toBe('100:00:00.0');
    expect(formatSimTime(-5)).toBe('00:00:00.0');
  });

  it('says the state and time scale in the tray words', () => {
    expect(simulationStatusText({ state: 'running', timeScale: 2, timeMs: 0 }, 83_400)).toBe(
      'Running 2x · 00:01:23.4',
    );
    expect(simulationStatusText({ state: 'paused', timeScale: 0.25, timeMs: 100 }, 100)).toBe(
      'Paused 0.25x · 00:00:00.1',
    );
    expect(simulationStatusText({ state: 'stopped', timeScale: 1, timeMs: 0 }, 0)).toBe(
      'Not started 1x · 00:00:00.0',
    );
  });

  it("offers the simulator's time scales, and the current one when it is not among them", () => {
    expect(timeScaleChoices(1)).toEqual([0.25, 0.5, 1, 2, 4, 8]);
    expect(timeScaleChoices(3)).toEqual([0.25, 0.5, 1, 2, 3, 4, 8]);
  });
});
