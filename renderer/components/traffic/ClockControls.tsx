import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { ClockStatus } from '../../../shared/bridge/control-spec.js';
import { MAX_ADVANCE_MS } from '../../../shared/sim/virtual-clock.js';
import { formatSimTime, type SimulationClock } from '../../state/simulation-model.js';
import { runAction } from '../../ui/actions.js';
import { useSimulationTime } from '../../hooks/use-simulation-time.js';

export interface ClockControlsProps {
  clock: SimulationClock;
  client: BridgeClient;
  disabled: boolean;
  /** The clock a control answered with (the `clock` event brings it too, a moment later). */
  onClock(clock: ClockStatus): void;
}

const DEFAULT_ADVANCE_MS = 1000;

/**
 * The clock, as PUT /tagsim/v1/clock and POST /tagsim/v1/clock/advance drive it: Real or Virtual,
 * and on the virtual clock Step (one 10 ms tick) and Advance by a number of milliseconds. Run,
 * Pause and the time scale are the scene bar's (SimulationControls).
 */
export function ClockControls({ clock, client, disabled, onClock }: ClockControlsProps) {
  const [error, setError] = useState<string | undefined>();
  const [advanceText, setAdvanceText] = useState(String(DEFAULT_ADVANCE_MS));
  const virtual = clock.mode === 'virtual';
  const advanceMs = Number(advanceText);
  const advanceValid = Number.isInteger(advanceMs) && advanceMs >= 1 && advanceMs <= MAX_ADVANCE_MS;

  const act = async (control: () => Promise<ClockStatus>) => {
    setError(await runAction(async () => onClock(await control())));
  };
  // The same time as the status bar's: one clock, counted in one place.
  const timeMs = useSimulationTime(clock);

  return (
    <section class="details-section clock-controls" aria-label="Clock">
      <h3>Clock</h3>
      <div class="toggle-group" role="group" aria-label="Clock mode">
        {(['real', 'virtual'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            class="toggle"
            aria-pressed={clock.mode === mode}
            disabled={disabled || clock.mode === mode}
            title={
              mode === 'real'
                ? 'Simulation time follows the real clock times the time scale'
                : 'Simulation time stands still until Step or Advance'
            }
            onClick={() => void act(() => client.setClock({ mode }))}
          >
            {mode === 'real' ? 'Real' : 'Virtual'}
          </button>
        ))}
      </div>
      <p class="clock-time">
        Simulation time <span class="mono">{timeMs !== undefined ? formatSimTime(timeMs) : '–'}</span>
      </p>
      <form
        class="clock-advance"
        onSubmit={(event) => {
          event.preventDefault();
          if (advanceValid) void act(() => client.advanceClock({ ms: advanceMs }));
        }}
      >
        <button
          type="button"
          disabled={disabled || !virtual}
          title={virtual ? 'Run one 10 ms tick' : 'Switch to the virtual clock to step it'}
          onClick={() => void act(() => client.stepClock(undefined))}
        >
          Step
        </button>
        <label>
          Advance by (ms)
          <input
            type="number"
            class="mono"
            min={1}
            max={MAX_ADVANCE_MS}
            step={1}
            value={advanceText}
            disabled={disabled || !virtual}
            onInput={(event) => setAdvanceText((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <button type="submit" disabled={disabled || !virtual || !advanceValid}>
          Advance
        </button>
      </form>
      {!virtual ? <p class="hint">Step and Advance work on the virtual clock.</p> : null}
      {error !== undefined ? (
        <p class="inline-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
