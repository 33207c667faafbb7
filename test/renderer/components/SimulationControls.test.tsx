// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SimulationStatus } from '../../../shared/bridge/bridge-spec.js';
import {
  SimulationControls,
  type SimulationControlsProps,
} from '../../../renderer/components/shell/SimulationControls.js';
import {
  type Answers,
  button,
  byRole,
  choose,
  click,
  fakeClient,
  field,
  mount,
  press,
  settle,
} from './harness.js';

const RUNNING: SimulationStatus = { state: 'running', timeScale: 1, timeMs: 5000 };
const PAUSED: SimulationStatus = { state: 'paused', timeScale: 1, timeMs: 5000 };

function setup(over: Partial<SimulationControlsProps> = {}, answers: Answers = {}) {
  const { client, calls } = fakeClient({
    runSimulation: () => RUNNING,
    pauseSimulation: () => PAUSED,
    resetSimulation: () => ({ ...PAUSED, timeMs: 0 }),
    setTimeScale: (args) => ({ ...RUNNING, timeScale: (args as { scale: number }).scale }),
    ...answers,
  });
  const props: SimulationControlsProps = {
    status: PAUSED,
    client,
    disabled: false,
    shortcuts: false,
    onStatus: vi.fn(),
    ...over,
  };
  const { root } = mount(<SimulationControls {...props} />);
  const pressed = () =>
    ['Run', 'Pause'].filter((name) => button(root, name).getAttribute('aria-pressed') === 'true');
  return { root, calls, props, pressed };
}

describe('the simulation controls', () => {
  it('show a paused simulation: Pause pressed, only Run and Reset to click', () => {
    const { root, pressed } = setup();
    expect(pressed()).toEqual(['Pause']);
    expect(button(root, 'Run').disabled).toBe(false);
    expect(button(root, 'Pause').disabled).toBe(true);
    expect(button(root, 'Pause').title).toBe('Paused: Run starts it');
  });

  it('run, and hand the answered status on', async () => {
    const { root, calls, props } = setup();
    click(button(root, 'Run'));
    await settle();
    expect(calls).toEqual([{ method: 'runSimulation', args: undefined }]);
    expect(props.onStatus).toHaveBeenCalledWith(RUNNING);
  });

  it('pause and reset a running simulation', async () => {
    const { root, calls, props, pressed } = setup({ status: RUNNING });
    expect(pressed()).toEqual(['Run']);
    click(button(root, 'Pause'));
    click(button(root, 'Reset'));
    await settle();
    expect(calls.map((c) => c.method)).toEqual(['pauseSimulation', 'resetSimulation']);
    expect(props.onStatus).toHaveBeenLastCalledWith({ ...PAUSED, timeMs: 0 });
  });

  it("offers the simulator's time scales, plus the current one when it is not among them", () => {
    const { root, calls } = setup({ status: { ...RUNNING, timeScale: 3 } });
    const scale = field<HTMLSelectElement>(root, 'Time scale');
    expect([...scale.options].map((o) => o.textContent)).toEqual([
      '0.25x',
      '0.5x',
      '1x',
      '2x',
      '3x',
      '4x',
      '8x',
    ]);
    expect(scale.value).toBe('3');
    choose(scale, '0.5');
    expect(calls).toEqual([{ method: 'setTimeScale', args: { scale: 0.5 } }]);
  });

  it("shows the host's refusal", async () => {
    const { root } = setup(
      {},
      { runSimulation: () => Promise.reject(new Error('Not connected to TagSim.')) },
    );
    click(button(root, 'Run'));
    await settle();
    expect(byRole(root, 'alert').textContent).toBe('Not connected to TagSim.');
  });

  it('run on F5 and pause on F6 where the shortcuts are on (the desktop app)', () => {
    const paused = setup({ shortcuts: true });
    expect(button(paused.root, 'Run').getAttribute('aria-keyshortcuts')).toBe('F5');
    expect(press('F5').defaultPrevented).toBe(true);
    press('F6'); // already paused: nothing to do
    expect(paused.calls.map((c) => c.method)).toEqual(['runSimulation']);
  });

  it('leave F5 to the browser where the shortcuts are off', () => {
    const { calls } = setup({ shortcuts: false });
    expect(press('F5').defaultPrevented).toBe(false);
    expect(calls).toEqual([]);
  });

  it('do nothing while the window is not connected', () => {
    const { root, calls } = setup({ disabled: true, shortcuts: true });
    expect(['Run', 'Pause', 'Reset'].map((name) => button(root, name).disabled)).toEqual([true, true, true]);
    expect(field<HTMLSelectElement>(root, 'Time scale').disabled).toBe(true);
    press('F5');
    expect(calls).toEqual([]);
  });
});
