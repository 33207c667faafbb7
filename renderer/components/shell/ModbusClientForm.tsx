import { useState } from 'preact/hooks';
import type { BridgeClient } from '../../../shared/bridge/bridge-client.js';
import {
  POINT_GROUPS,
  type ModbusClientSettings,
  type PointGroup,
} from '../../../shared/drivers/modbus-client-settings.js';
import { errorMessage } from '../../../shared/problems/message-text.js';
import { FieldErrors } from '../editor/EditField.js';
import { Modal } from '../widgets/Modal.js';
import {
  formPayload,
  formText,
  PLACEHOLDERS,
  refusal,
  type Choice,
  type ModbusClientFormText,
} from './modbus-client-fields.js';

const GROUP_LABELS: Readonly<Record<PointGroup, string>> = {
  bitInput: 'Bit Inputs (sensors)',
  bitOutput: 'Bit Outputs (actuators)',
  numericInput: 'Numeric Inputs',
  numericOutput: 'Numeric Outputs',
};

type TextField = 'host' | 'port' | 'slaveId' | 'scanTimeMs' | 'timeoutMs' | 'scaleFactor';

/**
 * The Modbus client's settings (docs/desktop.md, "The Modbus client's settings"): Save sends
 * them to the host, which checks them as it checks settings.json, keeps them there and
 * reconnects the client. A refusal is shown under its field and changes nothing.
 */
export function ModbusClientForm(props: {
  settings: ModbusClientSettings;
  client: BridgeClient;
  onSaved(settings: ModbusClientSettings): void;
  onClose(): void;
}) {
  const [form, setForm] = useState<ModbusClientFormText>(() => formText(props.settings));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<ModbusClientFormText>) => {
    setForm({ ...form, ...patch });
    setError(undefined);
  };
  const save = async () => {
    if (busy) return;
    setBusy(true);
    // The host checks the payload (shared/bridge/driver-spec.ts); the form only carries it.
    const payload = formPayload(form) as unknown as ModbusClientSettings;
    try {
      props.onSaved((await props.client.setModbusClientSettings(payload)).settings);
      props.onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  };
  const refused = error === undefined ? undefined : refusal(error);
  const failed = refused?.field;
  const errorUnder = (field: string) =>
    failed === field ? <FieldErrors id="modbus-client-error" errors={[refused!.reason]} /> : null;
  /** One text field: `key` names it in main's refusals (`port`, `bitInputCount`). */
  const input = (
    key: string,
    label: string,
    value: string,
    set: (typed: string) => void,
    placeholder?: string,
    autofocus = false,
  ) => (
    <div class="edit-field">
      <label for={`modbus-client-${key}`}>{label}</label>
      <input
        id={`modbus-client-${key}`}
        type="text"
        class="mono"
        value={value}
        placeholder={placeholder}
        autocomplete="off"
        spellcheck={false}
        data-autofocus={autofocus ? true : undefined}
        aria-invalid={failed === key}
        aria-describedby={failed === key ? 'modbus-client-error' : undefined}
        onInput={(event) => set((event.currentTarget as HTMLInputElement).value)}
      />
      {errorUnder(key)}
    </div>
  );
  const text = (field: TextField, label: string, placeholder?: string, autofocus = false) =>
    input(field, label, form[field], (typed) => change({ [field]: typed }), placeholder, autofocus);
  const group = (g: PointGroup) => {
    const part = (kind: 'counts' | 'offsets', key: string, label: string, placeholder: string) =>
      input(
        key,
        label,
        form[kind][g],
        (typed) => change({ [kind]: { ...form[kind], [g]: typed } }),
        placeholder,
      );
    return (
      <div class="field-pair" key={g}>
        {part('counts', `${g}Count`, `${GROUP_LABELS[g]}: count`, PLACEHOLDERS.count)}
        {part('offsets', `${g}Offset`, 'from address', PLACEHOLDERS.offset)}
      </div>
    );
  };
  const select = (field: 'readCoils' | 'readHoldingRegisters', label: string, yes: string, no: string) => (
    <div class="edit-field">
      <label for={`modbus-client-${field}`}>{label}</label>
      <select
        id={`modbus-client-${field}`}
        value={form[field]}
        onChange={(event) => change({ [field]: (event.currentTarget as HTMLSelectElement).value as Choice })}
      >
        <option value="">As the scene saved it</option>
        <option value="true">{yes}</option>
        <option value="false">{no}</option>
      </select>
      {errorUnder(field)}
    </div>
  );
  return (
    <Modal
      id="modbus-client-settings"
      title="Modbus client settings"
      onCancel={props.onClose}
      onSubmit={() => void save()}
      wide
      actions={
        <>
          <button type="submit" class="primary" disabled={busy}>
            Save and reconnect
          </button>
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
        </>
      }
    >
      <div class="field-pair">
        {text('host', 'Controller host', undefined, true)}
        {text('port', 'Port', PLACEHOLDERS.port)}
      </div>
      <div class="field-pair">
        {text('slaveId', 'Slave ID (unit id)', PLACEHOLDERS.slaveId)}
        {text('scaleFactor', 'Scale factor (Float tags)', PLACEHOLDERS.scaleFactor)}
      </div>
      <div class="field-pair">
        {text('scanTimeMs', 'Scan time (ms)', PLACEHOLDERS.scanTimeMs)}
        {text('timeoutMs', 'Timeout (ms)', PLACEHOLDERS.timeoutMs)}
      </div>
      {POINT_GROUPS.map(group)}
      <div class="field-pair">
        {select('readCoils', 'Read Bit Outputs from', 'Coils (FC 1)', 'Discrete inputs (FC 2)')}
        {select(
          'readHoldingRegisters',
          'Read Numeric Outputs from',
          'Holding registers (FC 3)',
          'Input registers (FC 4)',
        )}
      </div>
      {errorUnder('')}
      <p class="hint modal-hint">
        An empty field takes the driver's default, or for the points and the scale factor the scene's saved
        client settings. The client reconnects with them; the desktop app keeps them in this user's
        settings.json, a headless TagSim (tagsim serve --ui) until it quits.
      </p>
    </Modal>
  );
}
