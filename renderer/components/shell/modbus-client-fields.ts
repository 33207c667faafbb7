import {
  MODBUS_CLIENT_DEFAULTS,
  POINT_GROUPS,
  type ModbusClientSettings,
  type PointGroup,
} from '../../../shared/drivers/modbus-client-settings.js';

/**
 * The Modbus client's Settings form as text: what each field shows of the settings, and the
 * payload of what was typed. The form checks nothing itself: the host checks the payload with
 * the rules of settings.json, so the window, the file and the presets refuse the same values.
 */

/** A field a setting may leave out: empty, the scene's saved one (else the driver's) applies. */
export type Choice = '' | 'true' | 'false';

export interface ModbusClientFormText {
  host: string;
  port: string;
  slaveId: string;
  scanTimeMs: string;
  timeoutMs: string;
  counts: Record<PointGroup, string>;
  offsets: Record<PointGroup, string>;
  readCoils: Choice;
  readHoldingRegisters: Choice;
  scaleFactor: string;
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const choice = (b: boolean | undefined): Choice => (b === undefined ? '' : b ? 'true' : 'false');
const perGroup = (f: (group: PointGroup) => string) =>
  Object.fromEntries(POINT_GROUPS.map((group) => [group, f(group)])) as Record<PointGroup, string>;

export function formText(settings: ModbusClientSettings): ModbusClientFormText {
  return {
    host: settings.host,
    port: text(settings.port),
    slaveId: text(settings.slaveId),
    scanTimeMs: text(settings.scanTimeMs),
    timeoutMs: text(settings.timeoutMs),
    counts: perGroup((group) => text(settings[`${group}Count`])),
    offsets: perGroup((group) => text(settings[`${group}Offset`])),
    readCoils: choice(settings.readCoils),
    readHoldingRegisters: choice(settings.readHoldingRegisters),
    scaleFactor: text(settings.scaleFactor),
  };
}

/**
 * A number as typed, or the text itself when it is none (the host then says what it must be);
 * an empty field is left out.
 */
function typed(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The payload of setModbusClientSettings: every field typed, none that was left empty. */
export function formPayload(form: ModbusClientFormText): Record<string, unknown> {
  const payload: Record<string, unknown> = { host: form.host.trim() };
  const put = (key: string, value: unknown) => {
    if (value !== undefined) payload[key] = value;
  };
  put('port', typed(form.port));
  put('slaveId', typed(form.slaveId));
  put('scanTimeMs', typed(form.scanTimeMs));
  put('timeoutMs', typed(form.timeoutMs));
  for (const group of POINT_GROUPS) {
    put(`${group}Count`, typed(form.counts[group]));
    put(`${group}Offset`, typed(form.offsets[group]));
  }
  if (form.readCoils !== '') payload['readCoils'] = form.readCoils === 'true';
  if (form.readHoldingRegisters !== '')
    payload['readHoldingRegisters'] = form.readHoldingRegisters === 'true';
  put('scaleFactor', typed(form.scaleFactor));
  return payload;
}

/** What an empty field means, as its placeholder says. */
export const PLACEHOLDERS = {
  port: String(MODBUS_CLIENT_DEFAULTS.port),
  slaveId: String(MODBUS_CLIENT_DEFAULTS.slaveId),
  scanTimeMs: String(MODBUS_CLIENT_DEFAULTS.scanTimeMs),
  timeoutMs: String(MODBUS_CLIENT_DEFAULTS.timeoutMs),
  count: "scene's",
  offset: "scene's, else 0",
  scaleFactor: "scene's",
} as const;

/**
 * The field a host's refusal names and the reason, to show under that field:
 * `setModbusClientSettings.port 70000 is above 65535.` is `port`, `70000 is above 65535.`.
 * A refusal of the whole payload (or another error) names no field and is shown whole.
 */
export function refusal(message: string): { field: string; reason: string } {
  const named = /setModbusClientSettings\.(\w+) (.*)$/s.exec(message);
  return named ? { field: named[1]!, reason: named[2]! } : { field: '', reason: message };
}
