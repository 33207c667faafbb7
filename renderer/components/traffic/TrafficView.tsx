import { useEffect } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import type { ClockStatus } from '../../../shared/bridge/control-spec.js';
import type { SimulationClock } from '../../state/simulation-model.js';
import type { TrafficModel } from '../../state/traffic-model.js';
import { ChaosControls } from './ChaosControls.js';
import { ClockControls } from './ClockControls.js';
import { IS_MAC } from '../../ui/dom.js';
import { TrafficPanel } from './TrafficPanel.js';

export interface TrafficViewProps {
  traffic: TrafficModel;
  client: BridgeClient;
  /** The simulation's clock; absent where the host runs no simulation. */
  clock: SimulationClock | undefined;
  disabled: boolean;
  onClock(clock: ClockStatus): void;
}

/**
 * The workspace while Traffic is open: the request journal, and beside it the clock and the chaos
 * rules, the instructor's and the tester's controls of what a client meets.
 */
export function TrafficView({ traffic, client, clock, disabled, onClock }: TrafficViewProps) {
  // The journal is followed only while the view is open: a closed panel costs the host nothing.
  useEffect(() => traffic.start(), [traffic]);
  return (
    <div class="traffic-view">
      <TrafficPanel traffic={traffic} disabled={disabled} />
      <aside class="details traffic-side" aria-label="Clock and chaos">
        <h2 class="visually-hidden">Clock and chaos</h2>
        {clock?.status ? (
          <ClockControls clock={clock} client={client} disabled={disabled} onClock={onClock} />
        ) : null}
        <ChaosControls client={client} disabled={disabled} />
      </aside>
    </div>
  );
}

/** The Traffic button of the scene bar: opens and closes the view (Ctrl+Shift+L, ⇧⌘L). */
export function TrafficToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      class="traffic-toggle"
      aria-pressed={open}
      aria-keyshortcuts={IS_MAC ? 'Meta+Shift+L' : 'Control+Shift+L'}
      title={`The requests clients send, the clock and chaos (${IS_MAC ? '⇧⌘L' : 'Ctrl+Shift+L'})`}
      onClick={onToggle}
    >
      <span aria-hidden="true">⇄ </span>Traffic
    </button>
  );
}
