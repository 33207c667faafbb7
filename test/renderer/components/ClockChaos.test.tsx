// @vitest-environment happy-dom
// The clock and chaos controls of the Traffic view (docs/ui.md, "Clock and chaos"): each control
// sends its one bridge call, shows what the host answers, and refuses what it cannot do.
import { describe, expect, it } from 'vitest';
import type { ChaosView, ClockStatus } from '../../../shared/bridge/control-spec.js';
import { ChaosControls } from '../../../renderer/components/traffic/ChaosControls.js';
import { ClockControls } from '../../../renderer/components/traffic/ClockControls.js';
import { SimulationClock } from '../../../renderer/state/simulation-model.js';
import { button, click, field, mount, submit, typeInto } from './harness.js';
import { eventfulClient, settleFrames } from './traffic-client.js';

const VIRTUAL: ClockStatus = { mode: 'virtual', simulation: { state: 'running', timeScale: 1, timeMs: 0 } };

function clockOf(status: ClockStatus): SimulationClock {
  const clock = new SimulationClock(() => 0);
  clock.mode = status.mode;
  clock.set(status.simulation);
  return clock;
}

describe('ClockControls', () => {
  it('steps, advances by the milliseconds typed and switches the clock, showing the time answered', async () => {
    const advanced: ClockStatus = { ...VIRTUAL, simulation: { ...VIRTUAL.simulation, timeMs: 2510 } };
    const { client, calls } = eventfulClient({
      stepClock: () => ({ ...VIRTUAL, simulation: { ...VIRTUAL.simulation, timeMs: 10 } }),
      advanceClock: () => advanced,
      setClock: () => ({ ...advanced, mode: 'real' }),
    });
    const clock = clockOf(VIRTUAL);
    const answers: ClockStatus[] = [];
    const render = () => (
      <ClockControls
        clock={clock}
        client={client}
        disabled={false}
        onClock={(status) => {
          answers.push(status);
          clock.mode = status.mode;
          clock.set(status.simulation);
        }}
      />
    );
    const { root, rerender } = mount(render());
    expect(button(root, 'Virtual').getAttribute('aria-pressed')).toBe('true');
    click(button(root, 'Step'));
    await settleFrames();
    typeInto(field(root, 'Advance by (ms)'), '2500');
    submit(root.querySelector('form')!);
    await settleFrames();
    rerender(render());
    expect(calls.map((c) => [c.method, c.args])).toEqual([
      ['stepClock', undefined],
      ['advanceClock', { ms: 2500 }],
    ]);
    expect(root.textContent).toContain('00:00:02.5');
    click(button(root, 'Real'));
    await settleFrames();
    rerender(render());
    expect(calls.at(-1)).toEqual({ method: 'setClock', args: { mode: 'real' } });
    expect(answers.at(-1)?.mode).toBe('real');
    expect(button(root, 'Step').disabled).toBe(true);
    expect(button(root, 'Advance').disabled).toBe(true);
  });

  it('shows the host’s refusal, and sends no advance outside 1 ms to an hour', async () => {
    const { client, calls } = eventfulClient({
      stepClock: () => {
        throw new Error('The clock is real: switch it to virtual first.');
      },
    });
    const { root } = mount(
      <ClockControls clock={clockOf(VIRTUAL)} client={client} disabled={false} onClock={() => undefined} />,
    );
    click(button(root, 'Step'));
    await settleFrames();
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('The clock is real');
    typeInto(field(root, 'Advance by (ms)'), '0');
    expect(button(root, 'Advance').disabled).toBe(true);
    submit(root.querySelector('form')!);
    await settleFrames();
    expect(calls.filter((c) => c.method === 'advanceClock')).toEqual([]);
  });
});

describe('ChaosControls', () => {
  const TWO: ChaosView = {
    enabled: true,
    rules: [
      { method: 'PUT', path: '/api/tag/values*', probability: 0.2, status: 503, hits: 3 },
      { path: '/api/tags', reset: true, times: 1, hits: 0 },
    ],
  };

  it('lists the rules with their hits, follows chaos events, and clears them', async () => {
    const { client, calls, push } = eventfulClient({
      getChaos: () => TWO,
      clearChaos: () => ({ enabled: true, rules: [] }),
    });
    const { root } = mount(<ChaosControls client={client} disabled={false} />);
    await settleFrames();
    const items = () => [...root.querySelectorAll('li')].map((li) => li.textContent);
    expect(items()).toEqual([
      'PUT /api/tag/values*: answer 503, 20 % of requests · 3 hits',
      '* /api/tags: drop the connection · 0 hits (of 1)',
    ]);
    push({ event: 'chaos', payload: { enabled: true, rules: [{ ...TWO.rules[0]!, hits: 4 }] } });
    await settleFrames();
    expect(items()).toEqual(['PUT /api/tag/values*: answer 503, 20 % of requests · 4 hits']);
    click(button(root, 'Clear rules'));
    await settleFrames();
    expect(calls.at(-1)?.method).toBe('clearChaos');
    expect(root.textContent).toContain('No chaos rules');
  });

  it('loads a rules file through the host’s check, and shows every problem it finds', async () => {
    const { client, calls } = eventfulClient({
      getChaos: () => ({ enabled: true, rules: [] }),
      loadChaosRules: (args) =>
        (args as { text: string }).text.includes('"probability": 2')
          ? {
              ok: false,
              message:
                'bad.json is not a valid chaos rules file (1 problem):\n  rules[0].probability: 2 is above 1',
            }
          : { ok: true, chaos: TWO },
    });
    const { root } = mount(<ChaosControls client={client} disabled={false} />);
    await settleFrames();
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!;
    const choose = async (name: string, text: string) => {
      Object.defineProperty(input, 'files', { value: [new File([text], name)], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await settleFrames();
    };
    await choose('bad.json', '{"rules": [{"probability": 2}]}');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain('rules[0].probability: 2 is above 1');
    await choose('flaky.json', '{"rules": []}');
    expect(calls.at(-1)).toEqual({
      method: 'loadChaosRules',
      args: { text: '{"rules": []}', fileName: 'flaky.json' },
    });
    expect(root.querySelector('[role="alert"]')).toBeNull();
    expect(root.querySelectorAll('li')).toHaveLength(2);
  });

  it('says so when the control API is off', async () => {
    const { client } = eventfulClient({
      getChaos: () => ({ enabled: false, reason: 'The control API is off (--no-control).' }),
    });
    const { root } = mount(<ChaosControls client={client} disabled={false} />);
    await settleFrames();
    expect(root.textContent).toContain('The control API is off (--no-control).');
    expect(root.querySelector('button')).toBeNull();
  });
});
