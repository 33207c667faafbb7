import {
  MAX_OPC_ITEMS,
  MAX_POINT_SLOTS,
  POINT_KINDS,
  type ModbusClientDriver,
  type ModbusServerDriver,
  type OpcClientDriver,
  type OpcItem,
  type PointIoMap,
  type PointKind,
  type SceneDrivers,
} from '../../drivers/driver-settings.js';
import { boolAttr, child, keyAttr, numberAttr, type Problems } from './fio-values.js';
import type { XmlElement } from './xml-tree.js';

// A saved scene's `<Drivers>` (docs/fidelity.md, "Saved scene files"): the keys of the system
// tags, and the blocks of the drivers TagSim's drivers use, under the file's own names.

/** The keys `<Drivers>` gives the system tags, by attribute (`RunInputKey`...). */
export type SystemKeys = Readonly<Partial<Record<SystemKeyName, string>>>;
export const SYSTEM_KEY_NAMES = [
  'RunInputKey',
  'PauseInputKey',
  'ResetInputKey',
  'TimeScaleInputKey',
  'RunOutputKey',
  'PauseOutputKey',
  'ResetOutputKey',
] as const;
type SystemKeyName = (typeof SYSTEM_KEY_NAMES)[number];

/** The system tags' keys and the drivers' settings of a saved scene (nothing when it has no `<Drivers>`). */
export function readDrivers(
  root: XmlElement,
  problems: Problems,
): { keys: SystemKeys; drivers: SceneDrivers } {
  const drivers = child(root, 'Drivers');
  if (!drivers) return { keys: {}, drivers: {} };
  const keys: Partial<Record<SystemKeyName, string>> = {};
  for (const name of SYSTEM_KEY_NAMES) {
    const key = keyAttr(drivers, name);
    if (key !== null) keys[name] = key;
  }
  const current = numberAttr(drivers, 'CurrentDriver', problems, { whole: true });
  const server = child(drivers, 'ModbusTCPServer');
  const client = child(drivers, 'ModbusTCPClient');
  const opc = child(drivers, 'OPCClientDA');
  return {
    keys,
    drivers: {
      ...(current !== undefined && current >= 0 ? { CurrentDriver: current } : {}),
      ...(server ? { ModbusTCPServer: modbusServer(server, problems) } : {}),
      ...(client ? { ModbusTCPClient: modbusClient(client, problems) } : {}),
      ...(opc ? { OPCClientDA: opcClient(opc, problems) } : {}),
    },
  };
}

/** The Modbus server's and client's blocks: a map, and Properties of flags and a scale factor. */
function modbusServer(block: XmlElement, problems: Problems): ModbusServerDriver {
  return pointDriver(block, problems, [
    'ReadInputDiscretes',
    'WriteCoils',
    'ReadInputRegisters',
    'WriteHoldingRegisters',
  ]);
}

function modbusClient(block: XmlElement, problems: Problems): ModbusClientDriver {
  return pointDriver(block, problems, ['ReadCoils', 'ReadHoldingRegisters']);
}

function pointDriver(
  block: XmlElement,
  problems: Problems,
  flags: readonly string[],
): PointIoMap & { Properties?: object } {
  const properties = child(block, 'Properties');
  if (!properties) return pointIoMap(block, problems);
  const scale = positive(properties, problems);
  return {
    ...pointIoMap(block, problems),
    Properties: {
      ...Object.fromEntries(flags.map((f) => [f, boolAttr(properties, f, problems)])),
      ...(scale !== undefined ? { ScaleFactor: scale } : {}),
    },
  };
}

/** `ScaleFactor`, when it is a number above 0 (another is a problem). */
function positive(properties: XmlElement, problems: Problems): number | undefined {
  const value = numberAttr(properties, 'ScaleFactor', problems);
  if (value === undefined) return undefined;
  if (value > 0 && value <= 1_000_000) return value;
  problems.add(properties.line, `ScaleFactor="${value}" must be above 0 and at most 1000000`);
  return undefined;
}

/** `<PointIOCount>`, `<PointIOOffset>` and the `<BitInputN PointIOKey>` slots of a driver block. */
function pointIoMap(block: XmlElement, problems: Problems): PointIoMap {
  const countOf = child(block, 'PointIOCount');
  const offsetOf = child(block, 'PointIOOffset');
  const counts: Partial<Record<`${PointKind}Count`, number>> = {};
  const offsets: Partial<Record<`${PointKind}Offset`, number>> = {};
  const slots: Partial<Record<PointKind, (string | null)[]>> = {};
  for (const kind of POINT_KINDS) {
    const count = countOf && bounded(countOf, `${kind}Count`, MAX_POINT_SLOTS, problems);
    const offset = offsetOf && bounded(offsetOf, `${kind}Offset`, 65535, problems);
    if (count !== undefined) counts[`${kind}Count`] = count;
    if (offset !== undefined) offsets[`${kind}Offset`] = offset;
  }
  const slot = new RegExp(`^(${POINT_KINDS.join('|')})(\\d{1,5})$`);
  for (const element of block.children) {
    const match = slot.exec(element.name);
    if (!match) continue;
    const kind = match[1] as PointKind;
    const index = Number(match[2]);
    if (index >= MAX_POINT_SLOTS) {
      problems.add(
        element.line,
        `<${element.name}>: a driver map has at most ${MAX_POINT_SLOTS} slots of a kind`,
      );
      continue;
    }
    const list = (slots[kind] ??= []);
    while (list.length < index) list.push(null);
    list[index] = keyAttr(element, 'PointIOKey');
  }
  return {
    ...(countOf ? { PointIOCount: counts } : {}),
    ...(offsetOf ? { PointIOOffset: offsets } : {}),
    PointIOKeys: slots,
  };
}

function bounded(element: XmlElement, name: string, max: number, problems: Problems): number | undefined {
  const value = numberAttr(element, name, problems, { whole: true });
  if (value === undefined) return undefined;
  if (value >= 0 && value <= max) return value;
  problems.add(element.line, `${name}="${value}" must be from 0 to ${max}`);
  return undefined;
}

function opcClient(block: XmlElement, problems: Problems): OpcClientDriver {
  const server = child(block, 'Server');
  const items: OpcItem[] = [];
  for (const element of block.children) {
    if (!/^Item\d{1,5}$/.test(element.name)) continue;
    if (items.length >= MAX_OPC_ITEMS) {
      problems.add(element.line, `more than ${MAX_OPC_ITEMS} OPC items`);
      break;
    }
    items.push({
      InputPointIOKey: keyAttr(element, 'InputPointIOKey'),
      OutputPointIOKey: keyAttr(element, 'OutputPointIOKey'),
      ItemName: text(element, 'ItemName'),
      ItemDisplayName: text(element, 'ItemDisplayName'),
    });
  }
  const max = server && bounded(server, 'MaxItemCount', MAX_OPC_ITEMS, problems);
  return {
    ...(server
      ? {
          Server: {
            Url: text(server, 'Url'),
            Name: text(server, 'Name'),
            ...(max !== undefined ? { MaxItemCount: max } : {}),
            StartsWithFilter: text(server, 'StartsWithFilter'),
            ContainsFilter: text(server, 'ContainsFilter'),
          },
        }
      : {}),
    Items: items,
  };
}

/** A text attribute, cut to what the scene file's schema keeps. */
function text(element: XmlElement, name: string): string {
  return (element.attributes[name] ?? '').slice(0, 1000);
}
