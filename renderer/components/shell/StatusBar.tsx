import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { ModbusStatus, SceneInfo, ServerStatus } from '../../../shared/bridge/bridge-spec.js';
import type { TrafficStats } from '../../../shared/api/traffic-meter.js';
import { modbusStatusLine } from '../../../shared/window/modbus-status-line.js';
import { PRESETS_LOCKED_REASON } from '../../../shared/lab/restrictions.js';
import { type SimulationClock, simulationStatusText } from '../../state/simulation-model.js';
import { runAction } from '../../ui/actions.js';
import { DriverState, type ModbusClientSettingsProps } from './DriverState.js';
import type { ClientDriverStatus } from '../../../shared/drivers/driver-status.js';
import { useSimulationTime } from '../../hooks/use-simulation-time.js';

export interface StatusBarProps {
  server: ServerStatus | undefined;
  /** The Modbus TCP server; shown where the host serves one. */
  modbus?: ModbusStatus | undefined;
  /** The drivers that connect out to a controller (the Modbus client), each with its button. */
  drivers?: readonly ClientDriverStatus[];
  /** The Modbus client's settings, for its Settings form (none where a lab's presets lock them). */
  modbusClient?: ModbusClientSettingsProps | undefined;
  stats: TrafficStats;
  scene: SceneInfo | undefined;
  client: BridgeClient;
  connected: boolean;
  /** The simulation; shown when the host runs one. */
  simulation?: SimulationClock;
  /** A lab's presets locked the port: shown, not offered. */
  portLocked?: boolean;
}

const STATE_LABELS: Record<ServerStatus['state'], string> = {
  starting: 'Starting…',
  listening: 'Listening',
  stopped: 'Stopped',
  failed: 'Failed',
};

/** Server address and state (with retry on another port), API traffic, the simulation, and the scene. */
export function StatusBar(props: StatusBarProps) {
  const { server, modbus, drivers, stats, scene, client, connected, simulation } = props;
  return (
    <footer class="statusbar" aria-label="Status">
      {!connected ? (
        <span class="server-state" role="status">
          <span class="server-dot state-failed" aria-hidden="true" />
          <span class="status-label">Not connected to TagSim</span>
        </span>
      ) : server ? (
        <ServerState server={server} client={client} portLocked={props.portLocked ?? false} />
      ) : (
        <span>Server: …</span>
      )}
      {connected ? (
        <>
          <span class="status-item" title="API requests answered in the last second">
            <span class="mono">{stats.requestsPerSecond}</span> req/s
          </span>
          <span class="status-item" title="Distinct client addresses seen in the last 10 seconds">
            <span class="mono">{stats.clients}</span> {stats.clients === 1 ? 'client' : 'clients'} (10 s)
          </span>
          {modbus ? <ModbusState modbus={modbus} /> : null}
          {(drivers ?? []).map((status) => (
            <DriverState
              key={status.driver}
              status={status}
              client={client}
              {...(status.driver === 'modbusClient' && props.modbusClient
                ? { form: props.modbusClient }
                : {})}
            />
          ))}
          {simulation?.status ? <SimulationState clock={simulation} /> : null}
        </>
      ) : null}
      <span class="status-spacer" />
      {scene ? (
        <span class="status-item scene" title="Scene">
          {scene.name} · {scene.tagCount} tags
        </span>
      ) : null}
    </footer>
  );
}

/**
 * Where the API is. Where the host can restart it (the desktop app; not the browser UI, which
 * shares its port) it offers Stop, or a port to Start or Retry on ("port 7410 in use").
 */
function ServerState(props: { server: ServerStatus; client: BridgeClient; portLocked: boolean }) {
  const { server, client, portLocked } = props;
  const [port, setPort] = useState(String(server.port));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(await runAction(async () => void (await action())));
    setBusy(false);
  };
  const start = (event: Event) => {
    event.preventDefault();
    // A locked port: start again where the presets say.
    if (portLocked) return void run(() => client.startServer(undefined));
    const n = Number(port.trim());
    if (port.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535) {
      setError('Port must be a whole number from 0 to 65535.');
      return;
    }
    void run(() => client.startServer({ port: n, host: undefined }));
  };

  const text =
    server.state === 'listening' && server.url
      ? server.url
      : server.state === 'failed'
        ? (server.error ?? `port ${server.port} failed`)
        : `${server.host}:${server.port}`;
  const running = server.state === 'listening' || server.state === 'starting';

  return (
    <span class="server-state">
      <span class={`server-dot state-${server.state}`} aria-hidden="true" />
      <span role="status">
        <span class="status-label">{STATE_LABELS[server.state]}</span>{' '}
        <span class={server.state === 'failed' ? 'server-text failed' : 'server-text mono'}>{text}</span>
      </span>
      {server.controllable && running ? (
        <button
          type="button"
          class="small"
          disabled={busy}
          onClick={() => void run(() => client.stopServer(undefined))}
        >
          Stop
        </button>
      ) : null}
      {server.controllable && !running ? (
        <form class="port-form" onSubmit={start}>
          <label for="server-port">Port</label>
          <input
            id="server-port"
            class="mono"
            type="text"
            inputMode="numeric"
            size={5}
            value={portLocked ? String(server.port) : port}
            disabled={portLocked}
            title={portLocked ? PRESETS_LOCKED_REASON : undefined}
            aria-invalid={error !== undefined}
            onInput={(event) => {
              setPort((event.currentTarget as HTMLInputElement).value);
              setError(undefined);
            }}
          />
          {portLocked ? <span class="muted locked-note">{PRESETS_LOCKED_REASON}</span> : null}
          <button type="submit" class="small" disabled={busy}>
            {server.state === 'failed' ? 'Retry' : 'Start'}
          </button>
        </form>
      ) : null}
      {error !== undefined ? (
        <span class="inline-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}

/**
 * "Running 2x · 00:01:23.4". The time is counted in the window between the host's statuses
 * (useSimulationTime), so it moves while running with no traffic to the host.
 */
function SimulationState({ clock }: { clock: SimulationClock }) {
  const timeMs = useSimulationTime(clock);
  const status = clock.status;
  if (!status) return null;
  return (
    <>
      <span
        class={`status-item sim-status sim-${status.state}`}
        title="Simulation: state, time scale, and simulation time since the start or the last reset"
      >
        <span class="sim-dot" aria-hidden="true" />
        {simulationStatusText(status, timeMs ?? status.timeMs)}
      </span>
      {/* "Running", yet nothing moves: a plant waits for its controller's first write. */}
      {status.state === 'running' && status.clientWritten === false ? (
        <span class="status-item sim-waiting" role="status" title={WAITING_TITLE}>
          {WAITING_TEXT}
        </span>
      ) : null}
    </>
  );
}

const WAITING_TEXT = 'No client has written yet: the plant waits for its controller';
const WAITING_TITLE =
  'No HTTP or Modbus client has written a tag since the start or the last reset. The plant runs, but ' +
  'its conveyors and actuators move only when a controller writes their Outputs.';

/** Whether Modbus TCP is on, where, and how many PLCs and tools are connected to it. */
function ModbusState({ modbus }: { modbus: ModbusStatus }) {
  return (
    <span class="status-item modbus-state" title="Modbus TCP (docs/modbus.md)">
      <span class={`server-dot state-${modbus.state}`} aria-hidden="true" />
      <span class={modbus.state === 'failed' ? 'server-text failed' : undefined}>
        {modbusStatusLine(modbus)}
      </span>
    </span>
  );
}
