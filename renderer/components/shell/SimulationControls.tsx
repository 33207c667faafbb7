import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { SimulationStatus } from '../../../shared/bridge/bridge-spec.js';
import { formatTimeScale, SIM_STATE_LABELS, timeScaleChoices } from '../../state/simulation-model.js';
import { runAction } from '../../ui/actions.js';
import { useSimulationShortcuts } from '../../hooks/use-simulation-keys.js';

export interface SimulationControlsProps {
  status: SimulationStatus;
  client: BridgeClient;
  disabled: boolean;
  /** F5 Run and F6 Pause (the desktop app; in a browser those keys are the browser's). */
  shortcuts: boolean;
  /** The status a control answered with (the `simulation` event brings it too, a moment later). */
  onStatus(status: SimulationStatus): void;
}

// U+FE0E asks for the text glyph: some systems draw ▶ as a coloured emoji otherwise. The pause
// sign is drawn in CSS (.pause-glyph): many fonts have no ⏸.
const RUN_GLYPH = '\u25B6\uFE0E';
const RESET_GLYPH = '\u27F2';

const RESET_TITLE =
  'Reset: every tag back to its initial value and the plant back to time 0, as the simulator does. ' +
  'Forces and failures stay; running or paused stays as it was.';

/**
 * Run, Pause, Reset and the time scale: the simulator's controls, the same as the tray's
 * Simulation submenu. The pressed button says whether the simulation runs or is paused.
 */
export function SimulationControls({
  status,
  client,
  disabled,
  shortcuts,
  onStatus,
}: SimulationControlsProps) {
  const [error, setError] = useState<string | undefined>();
  const running = status.state === 'running';
  const paused = status.state === 'paused';

  const act = async (control: () => Promise<SimulationStatus>) => {
    setError(await runAction(async () => onStatus(await control())));
  };
  const run = () => void act(() => client.runSimulation(undefined));
  const pause = () => void act(() => client.pauseSimulation(undefined));
  useSimulationShortcuts(
    { run: () => !disabled && !running && run(), pause: () => !disabled && running && pause() },
    shortcuts,
  );

  return (
    <div class="sim-controls" role="group" aria-label="Simulation">
      <div class="toggle-group">
        <button
          type="button"
          class="toggle sim-button"
          aria-label="Run"
          aria-pressed={running}
          aria-keyshortcuts={shortcuts ? 'F5' : undefined}
          title={running ? 'Running' : `Run the simulation${shortcuts ? ' (F5)' : ''}`}
          disabled={disabled || running}
          onClick={run}
        >
          <span aria-hidden="true">{RUN_GLYPH}</span>
        </button>
        <button
          type="button"
          class="toggle sim-button"
          aria-label="Pause"
          aria-pressed={paused}
          aria-keyshortcuts={shortcuts ? 'F6' : undefined}
          title={
            running
              ? `Pause the simulation${shortcuts ? ' (F6)' : ''}`
              : `${SIM_STATE_LABELS[status.state]}: Run starts it`
          }
          disabled={disabled || !running}
          onClick={pause}
        >
          <span class="pause-glyph" aria-hidden="true" />
        </button>
        <button
          type="button"
          class="toggle sim-button"
          aria-label="Reset"
          title={RESET_TITLE}
          disabled={disabled}
          onClick={() => void act(() => client.resetSimulation(undefined))}
        >
          <span aria-hidden="true">{RESET_GLYPH}</span>
        </button>
      </div>
      <label class="sim-scale" title="Time scale: simulation time runs this many times as fast as real time">
        <span class="visually-hidden">Time scale</span>
        <select
          value={String(status.timeScale)}
          disabled={disabled}
          onChange={(event) => {
            const scale = Number((event.currentTarget as HTMLSelectElement).value);
            void act(() => client.setTimeScale({ scale }));
          }}
        >
          {timeScaleChoices(status.timeScale).map((scale) => (
            <option key={scale} value={String(scale)}>
              {formatTimeScale(scale)}
            </option>
          ))}
        </select>
      </label>
      {error !== undefined ? (
        <span class="inline-error" role="alert" title={error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
