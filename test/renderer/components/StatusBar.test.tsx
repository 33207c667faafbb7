// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/bridge/bridge-spec.js';
import type { ClientDriverStatus } from '../../../shared/drivers/driver-status.js';
import { StatusBar, type StatusBarProps } from '../../../renderer/components/shell/StatusBar.js';
import { SimulationClock } from '../../../renderer/state/simulation-model.js';
import {
  type Answers,
  button,
  byRole,
  click,
  fakeClient,
  field,
  mount,
  settle,
  submit,
  typeInto,
} from './harness.js';

const LISTENING: ServerStatus = {
  state: 'listening',
  host: '127.0.0.1',
  port: 7410,
  url: 'http://127.0.0.1:7410',
  controllable: true,
};

function setup(over: Partial<StatusBarProps> = {}, answers?: Answers) {
  const { client, calls } = fakeClient(answers);
  const props: StatusBarProps = {
    server: LISTENING,
    stats: { requestsPerSecond: 12, clients: 1 },
    scene: { name: 'Sorting by Height (Basic)', tagCount: 40 },
    client,
    connected: true,
    ...over,
  };
  const { root } = mount(<StatusBar {...props} />);
  const text = () => root.textContent!.replace(/\s+/g, ' ').trim();
  return { root, calls, text };
}

describe('the status bar', () => {
  it('shows where the API listens, its traffic and the scene', () => {
    const { text } = setup();
    expect(text()).toBe(
      'Listening http://127.0.0.1:7410Stop12 req/s1 client (10 s)Sorting by Height (Basic) · 40 tags',
    );
  });

  it('counts clients in the plural', () => {
    const { text } = setup({ stats: { requestsPerSecond: 0, clients: 3 } });
    expect(text()).toContain('3 clients (10 s)');
  });

  it('says when the window lost TagSim, and hides the live numbers', () => {
    const { root, text } = setup({ connected: false });
    expect(byRole(root, 'status').textContent).toBe('Not connected to TagSim');
    expect(text()).not.toContain('req/s');
  });

  it('stops a server it may control', () => {
    const { root, calls } = setup();
    click(button(root, 'Stop'));
    expect(calls).toEqual([{ method: 'stopServer', args: undefined }]);
  });

  it('offers no Stop where the window is served by that server', () => {
    const { root } = setup({ server: { ...LISTENING, controllable: false } });
    expect(root.querySelectorAll('button')).toHaveLength(0);
  });

  it('retries a failed port on another one, and says what went wrong', async () => {
    const failed: ServerStatus = {
      state: 'failed',
      host: '127.0.0.1',
      port: 7410,
      error: 'port 7410 in use',
      controllable: true,
    };
    const { root, calls, text } = setup(
      { server: failed },
      { startServer: () => Promise.reject(new Error('port 7411 in use')) },
    );
    expect(text()).toContain('Failed port 7410 in use');
    const port = field(root, 'Port');
    expect(port.value).toBe('7410');
    typeInto(port, '70000');
    submit(port.form!);
    expect(byRole(root, 'alert').textContent).toBe('Port must be a whole number from 0 to 65535.');
    expect(port.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    typeInto(port, '7411');
    expect(root.querySelector('[role="alert"]')).toBeNull();
    click(button(root, 'Retry'));
    await settle();
    expect(calls).toEqual([{ method: 'startServer', args: { port: 7411, host: undefined } }]);
    expect(byRole(root, 'alert').textContent).toBe('port 7411 in use');
  });

  it('starts a stopped server', () => {
    const { root, calls } = setup({ server: { ...LISTENING, state: 'stopped', url: undefined } });
    click(button(root, 'Start'));
    expect(calls).toEqual([{ method: 'startServer', args: { port: 7410, host: undefined } }]);
  });

  it('says the plant waits for its controller while it runs and no client has written', () => {
    const waiting = 'No client has written yet: the plant waits for its controller';
    const clock = new SimulationClock(() => 0);
    clock.set({ state: 'running', timeScale: 1, timeMs: 0, clientWritten: false });
    expect(setup({ simulation: clock }).text()).toContain(`Running 1x · 00:00:00.0${waiting}`);
    // Once a client wrote, paused, or from a host that does not tell: nothing is said.
    for (const status of [
      { state: 'running', timeScale: 1, timeMs: 0, clientWritten: true },
      { state: 'paused', timeScale: 1, timeMs: 0, clientWritten: false },
      { state: 'running', timeScale: 1, timeMs: 0 },
    ] as const) {
      const other = new SimulationClock(() => 0);
      other.set(status);
      expect(setup({ simulation: other }).text()).not.toContain(waiting);
    }
  });

  it('shows the simulation with its time scale and time', () => {
    const clock = new SimulationClock(() => 0);
    clock.set({ state: 'paused', timeScale: 2, timeMs: 83_450 });
    const { root } = setup({ simulation: clock });
    expect(root.querySelector('.sim-status')!.textContent).toBe('Paused 2x · 00:01:23.4');
  });

  it("shows the Modbus client's connection, and disconnects and connects it", async () => {
    const connected: ClientDriverStatus = {
      driver: 'modbusClient',
      state: 'connected',
      target: '192.168.0.10:502',
      detail: 'unit 1, every 10 ms',
    };
    const { root, calls } = setup({ drivers: [connected] });
    expect(byRole(root, 'status', /^Modbus client/).textContent).toBe(
      'Modbus client: connected to 192.168.0.10:502 (unit 1, every 10 ms)',
    );
    click(button(root, 'Disconnect the Modbus client'));
    await settle();
    expect(calls).toEqual([{ method: 'disconnectDriver', args: { driver: 'modbusClient' } }]);

    const lost = setup({
      drivers: [{ ...connected, state: 'disconnected', error: 'connection refused', retryInMs: 2000 }],
    });
    const line = byRole(lost.root, 'status', /^Modbus client/);
    expect(line.textContent).toBe(
      'Modbus client: disconnected from 192.168.0.10:502 (connection refused); retrying in 2 s',
    );
    expect(line.className).toContain('failed');

    const stopped = setup({ drivers: [{ ...connected, state: 'stopped' }] });
    click(button(stopped.root, 'Connect the Modbus client'));
    await settle();
    expect(stopped.calls).toEqual([{ method: 'connectDriver', args: { driver: 'modbusClient' } }]);
  });

  it('says why a connect or disconnect failed, beside its button', async () => {
    const { root, text } = setup(
      {
        drivers: [
          { driver: 'modbusClient', state: 'stopped', target: 'plc:502', detail: 'unit 1, every 10 ms' },
        ],
      },
      {
        connectDriver: () => {
          throw new Error('this TagSim has no Modbus client');
        },
      },
    );
    click(button(root, 'Connect the Modbus client'));
    await settle();
    expect(byRole(root, 'alert').textContent).toBe('this TagSim has no Modbus client');
    expect(text()).toContain('Modbus client: not connected (plc:502)');
  });
});
