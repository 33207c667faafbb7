// @vitest-environment happy-dom
// One clock everywhere (docs/ui.md, "Simulation controls" and "Clock and chaos"): the status bar
// and the Traffic view's clock show the same simulation time, moving while the simulation runs,
// from the window's one SimulationClock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { ClockControls } from '../../../renderer/components/traffic/ClockControls.js';
import { StatusBar } from '../../../renderer/components/shell/StatusBar.js';
import { SimulationClock } from '../../../renderer/state/simulation-model.js';
import { fakeClient, mount } from './harness.js';

let realNow = 0;

beforeEach(() => {
  vi.useFakeTimers();
  realNow = 0;
});
afterEach(() => vi.useRealTimers());

/** The status bar and the Traffic view's clock, side by side on one SimulationClock. */
function both(clock: SimulationClock) {
  const { client } = fakeClient();
  const { root } = mount(
    <div>
      <ClockControls clock={clock} client={client} disabled={false} onClock={() => undefined} />
      <StatusBar
        server={undefined}
        stats={{ requestsPerSecond: 0, clients: 0 }}
        scene={undefined}
        client={client}
        connected
        simulation={clock}
      />
    </div>,
  );
  return {
    statusBar: () => root.querySelector('.sim-status')!.textContent!.trim(),
    trafficClock: () => root.querySelector('.clock-time .mono')!.textContent!.trim(),
  };
}

/** Real time passes: the window's clock and its redraw timer both see it. */
function wait(ms: number) {
  realNow += ms;
  act(() => void vi.advanceTimersByTime(ms));
}

describe('the simulation time', () => {
  it('moves in the status bar and in the Traffic view alike, at the time scale', () => {
    const clock = new SimulationClock(() => realNow);
    clock.set({ state: 'running', timeScale: 1, timeMs: 2800 });
    const shown = both(clock);
    const readings: [string, string][] = [];
    for (let i = 0; i < 3; i++) {
      wait(2000);
      readings.push([shown.statusBar(), shown.trafficClock()]);
    }
    expect(readings).toEqual([
      ['Running 1x · 00:00:04.8', '00:00:04.8'],
      ['Running 1x · 00:00:06.8', '00:00:06.8'],
      ['Running 1x · 00:00:08.8', '00:00:08.8'],
    ]);
  });

  it('counts at 4x from the last status the host sent, the same in both places', () => {
    const clock = new SimulationClock(() => realNow);
    clock.set({ state: 'running', timeScale: 4, timeMs: 1000 });
    const shown = both(clock);
    wait(6825);
    expect(shown.statusBar()).toBe('Running 4x · 00:00:28.3');
    expect(shown.trafficClock()).toBe('00:00:28.3');
  });

  it('shows the same tenth in both places at every moment, however far apart they were drawn first', () => {
    const clock = new SimulationClock(() => realNow);
    clock.set({ state: 'running', timeScale: 1, timeMs: 0 });
    const { client } = fakeClient();
    const { root } = mount(
      <StatusBar
        server={undefined}
        stats={{ requestsPerSecond: 0, clients: 0 }}
        scene={undefined}
        client={client}
        connected
        simulation={clock}
      />,
    );
    wait(50);
    // The Traffic view opens half a redraw later.
    const traffic = mount(
      <ClockControls clock={clock} client={client} disabled={false} onClock={() => undefined} />,
    );
    const shown = () => [
      root.querySelector('.sim-status')!.textContent!.replace(/^Running 1x · /, ''),
      traffic.root.querySelector('.clock-time .mono')!.textContent!,
    ];
    const mismatches: string[][] = [];
    for (let i = 0; i < 40; i++) {
      wait(10);
      const [bar, view] = shown();
      if (bar !== view) mismatches.push([String(realNow), bar!, view!]);
    }
    expect(mismatches).toEqual([]);
    expect(shown()[0]).not.toBe('00:00:00.0');
  });

  it('stands still while paused and on the virtual clock', () => {
    const paused = new SimulationClock(() => realNow);
    paused.set({ state: 'paused', timeScale: 1, timeMs: 1500 });
    const shownPaused = both(paused);
    const virtual = new SimulationClock(() => realNow);
    virtual.mode = 'virtual';
    virtual.set({ state: 'running', timeScale: 1, timeMs: 2500 });
    const shownVirtual = both(virtual);
    wait(3000);
    expect([shownPaused.statusBar(), shownPaused.trafficClock()]).toEqual([
      'Paused 1x · 00:00:01.5',
      '00:00:01.5',
    ]);
    expect([shownVirtual.statusBar(), shownVirtual.trafficClock()]).toEqual([
      'Running 1x · 00:00:02.5',
      '00:00:02.5',
    ]);
  });
});
