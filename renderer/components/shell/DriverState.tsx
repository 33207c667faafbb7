import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import {
  clientDriverLabel,
  clientDriverLine,
  type ClientDriverStatus,
} from '../../../shared/drivers/driver-status.js';
import type { ModbusClientSettings } from '../../../shared/drivers/modbus-client-settings.js';
import { runAction } from '../../ui/actions.js';
import { ModbusClientForm } from './ModbusClientForm.js';

/** The Modbus client's settings as its Settings form edits them, and where a save goes. */
export interface ModbusClientSettingsProps {
  readonly settings: ModbusClientSettings;
  onSaved(settings: ModbusClientSettings): void;
}

/** The dot's colour for each state: the server's colours, so one glance reads both. */
const DOT: Record<ClientDriverStatus['state'], string> = {
  connected: 'state-listening',
  connecting: 'state-starting',
  disconnected: 'state-failed',
  stopped: 'state-stopped',
};

/**
 * A driver that connects out to a controller (the Modbus client), in the status bar: its line
 * ("Modbus client: connected to 192.168.0.10:502 (unit 1, every 10 ms)", or why it is
 * disconnected and when it retries), the button that connects or disconnects it, and where the
 * driver has a form for its settings (the Modbus client), the button that opens it.
 */
export function DriverState({
  status,
  client,
  form,
}: {
  status: ClientDriverStatus;
  client: BridgeClient;
  form?: ModbusClientSettingsProps;
}) {
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const stopped = status.state === 'stopped';
  const label = clientDriverLabel(status.driver);
  const toggle = async () => {
    setBusy(true);
    const args = { driver: status.driver };
    setError(
      await runAction(
        async () => void (await (stopped ? client.connectDriver(args) : client.disconnectDriver(args))),
      ),
    );
    setBusy(false);
  };
  return (
    <span class="status-item driver-state" title={`${label} (docs/modbus.md)`}>
      <span class={`server-dot ${DOT[status.state]}`} aria-hidden="true" />
      <span role="status" class={status.state === 'disconnected' ? 'server-text failed' : undefined}>
        {clientDriverLine(status)}
      </span>
      <button
        type="button"
        class="small"
        disabled={busy}
        aria-label={`${stopped ? 'Connect' : 'Disconnect'} the ${label}`}
        onClick={() => void toggle()}
      >
        {stopped ? 'Connect' : 'Disconnect'}
      </button>
      {form ? (
        <button
          type="button"
          class="small"
          aria-label={`Settings of the ${label}`}
          onClick={() => setEditing(true)}
        >
          Settings…
        </button>
      ) : null}
      {form && editing ? (
        <ModbusClientForm
          settings={form.settings}
          client={client}
          onSaved={form.onSaved}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {error !== undefined ? (
        <span class="inline-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
