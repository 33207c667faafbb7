import type { TagScene } from '../core/tag-scene.js';
import { isSystemTag } from '../core/system-tags.js';
import type { TagDefinition, TagType } from '../core/tag-types.js';
import type { SceneDrivers } from '../drivers/driver-settings.js';
import { type DriverMap, savedDriverMap } from './driver-map.js';
import { DRIVER_MAPS } from './driver-maps.generated.js';
import { DEFAULT_SCALE_FACTOR } from './register-value.js';

/**
 * How tags get their Modbus addresses: 'default' is the simulator's driver map of the scene
 * (its saved copy's map for a built-in scene, else the same layout in scene order); 'address'
 * uses each tag's own address.
 */
export type ModbusMapChoice = 'default' | 'address';
export const MODBUS_MAP_CHOICES: readonly ModbusMapChoice[] = ['default', 'address'];

/** The four Modbus tables, as the driver fills them: sensors read-only, actuators read-write. */
export type ModbusTableName = 'discreteInputs' | 'coils' | 'inputRegisters' | 'holdingRegisters';
export const MODBUS_TABLES: readonly ModbusTableName[] = [
  'discreteInputs',
  'coils',
  'inputRegisters',
  'holdingRegisters',
];

/** The tag at one Modbus address. */
export interface ModbusSlot {
  readonly id: string;
  readonly type: TagType;
}

export interface ModbusTable {
  /** Addresses 0 to size-1 exist: an empty one reads 0 and ignores writes; past it, exception 02. */
  readonly size: number;
  /** The tags the driver's map does not hold, from address `from`: these addresses exist too. */
  readonly extras?: { readonly from: number; readonly count: number };
  readonly slots: readonly (ModbusSlot | undefined)[];
  /**
   * Addresses 0 to mapped-1 are the driver's map (its saved slots, or the scene's tags in order):
   * the point counts a driver of the scene starts with (the Modbus client's, docs/modbus.md).
   */
  readonly mapped: number;
}

/** Whether every address of the range exists in the table; a request past them gets 02. */
export function tableHolds(table: ModbusTable, start: number, count: number): boolean {
  const end = start + count;
  if (end <= table.size) return true;
  const extras = table.extras;
  return extras !== undefined && start >= extras.from && end <= extras.from + extras.count;
}

export interface ModbusLayout {
  /**
   * Where the addresses come from: the map the scene saved for the driver (a `.factoryio` file's),
   * the built-in scene's driver map, scene order, or the tags' addresses.
   */
  readonly source: 'saved driver map' | 'driver map' | 'scene order' | 'tag addresses';
  readonly scaleFactor: number;
  readonly tables: Readonly<Record<ModbusTableName, ModbusTable>>;
  /**
   * Where the tags the driver's map does not hold begin in each table (EXTRA_TAGS_ADDRESS); absent
   * with the 'address' map, which has no such tags.
   */
  readonly extrasFrom?: number;
}

/**
 * The first address of the tags the driver's map does not hold (emitters, removers, unnamed
 * beams, and every system tag but `FACTORY I/O (Running)`), in each of the four tables. On the
 * simulator such a tag has no Modbus address at all; TagSim keeps them reachable, but well past
 * the driver's 256 bits and 64 registers, so that a PLC writing a whole range of the real map (an
 * OpenPLC device of 16 coils writes coils 0-15 in one FC 15) can never switch one of them.
 */
export const EXTRA_TAGS_ADDRESS = 1000;

/** The driver's largest counts (256 bits, 64 registers each): what its tables span at least. */
const DRIVER_TABLE_SIZE: Readonly<Record<ModbusTableName, number>> = {
  discreteInputs: 256,
  coils: 256,
  inputRegisters: 64,
  holdingRegisters: 64,
};
/** In the 'address' map: the simulator's 512 bits; Int registers 0-255, then Float 256-511. */
const ADDRESS_TABLE_SIZE = 512;
const FLOAT_REGISTER_OFFSET = 256;
const MODBUS_ADDRESSES = 65536;

export function tableOf(tag: Pick<TagDefinition, 'kind' | 'type'>): ModbusTableName {
  if (tag.type === 'Bit') return tag.kind === 'Input' ? 'discreteInputs' : 'coils';
  return tag.kind === 'Input' ? 'inputRegisters' : 'holdingRegisters';
}

/** The saved driver map of the built-in scene of this name, if the evidence has one. */
export function driverMapOf(sceneName: string): DriverMap | undefined {
  return DRIVER_MAPS.find((m) => m.scene === sceneName);
}

/**
 * Lays a scene's tags out in the four Modbus tables (docs/modbus.md, "The mapping"): by the map
 * the scene saved for the driver, else the built-in scene's of its name, else in scene order.
 */
export function modbusLayout(
  scene: TagScene & { readonly drivers?: SceneDrivers },
  options: { map?: ModbusMapChoice; scaleFactor?: number } = {},
): ModbusLayout {
  const saved = scene.drivers?.ModbusTCPServer && savedDriverMap(scene.name, scene.drivers.ModbusTCPServer);
  const driver = saved ?? driverMapOf(scene.name);
  const scaleFactor = options.scaleFactor ?? driver?.scaleFactor ?? DEFAULT_SCALE_FACTOR;
  if (options.map === 'address') return { source: 'tag addresses', scaleFactor, tables: byAddress(scene) };
  return {
    source: saved ? 'saved driver map' : driver ? 'driver map' : 'scene order',
    scaleFactor,
    tables: byDriverMap(scene, driver),
    extrasFrom: EXTRA_TAGS_ADDRESS,
  };
}

/** `FACTORY I/O (Running)`: the one system tag every saved driver map holds (a discrete input). */
function inEveryDriverMap(tag: TagDefinition): boolean {
  return isSystemTag(tag) && tag.kind === 'Input' && tag.name === 'FACTORY I/O (Running)';
}

/**
 * The driver's slots first (a slot whose tag the scene lacks stays empty, as the driver leaves
 * it). A scene without a saved map gets the same layout in scene order: its own tags, then
 * `FACTORY I/O (Running)`, which every saved map holds after the scene's sensors. Every other tag
 * follows from EXTRA_TAGS_ADDRESS (or right after the map, for a map that reaches it), in scene
 * order, the scene's own before the system tags.
 */
function byDriverMap(scene: TagScene, driver: DriverMap | undefined): Record<ModbusTableName, ModbusTable> {
  const byId = new Map(scene.tags.map((t) => [t.id, t]));
  const tables = {} as Record<ModbusTableName, ModbusTable>;
  for (const name of MODBUS_TABLES) {
    const slots: (ModbusSlot | undefined)[] = [];
    const placed = new Set<string>();
    for (const id of driver?.[name] ?? []) {
      const tag = id === null ? undefined : byId.get(id);
      const fits = tag !== undefined && tableOf(tag) === name && !placed.has(tag.id);
      slots.push(fits ? { id: tag.id, type: tag.type } : undefined);
      if (fits) placed.add(tag.id);
    }
    const rest = scene.tags.filter((t) => tableOf(t) === name && !placed.has(t.id));
    const own = rest.filter((t) => !isSystemTag(t));
    const system = rest.filter((t) => isSystemTag(t));
    const mapped = driver ? [] : [...own, ...system.filter(inEveryDriverMap)];
    const extras = driver ? [...own, ...system] : system.filter((t) => !inEveryDriverMap(t));
    for (const tag of mapped) {
      if (slots.length >= MODBUS_ADDRESSES) break;
      slots.push({ id: tag.id, type: tag.type });
    }
    const inMap = slots.length;
    const size = Math.max(DRIVER_TABLE_SIZE[name], slots.length);
    const from = Math.max(EXTRA_TAGS_ADDRESS, size);
    const count = Math.min(extras.length, MODBUS_ADDRESSES - from);
    if (count > 0) slots.length = from;
    for (const tag of extras.slice(0, Math.max(0, count))) slots.push({ id: tag.id, type: tag.type });
    if (count <= 0) tables[name] = { size, slots, mapped: inMap };
    else if (from === size) tables[name] = { size: size + count, slots, mapped: inMap };
    else tables[name] = { size, extras: { from, count }, slots, mapped: inMap };
  }
  return tables;
}

function byAddress(scene: TagScene): Record<ModbusTableName, ModbusTable> {
  const slots: Record<ModbusTableName, (ModbusSlot | undefined)[]> = {
    discreteInputs: [],
    coils: [],
    inputRegisters: [],
    holdingRegisters: [],
  };
  for (const tag of scene.tags) {
    const address = tag.type === 'Float' ? FLOAT_REGISTER_OFFSET + tag.address : tag.address;
    const table = slots[tableOf(tag)];
    if (address >= MODBUS_ADDRESSES || table[address] !== undefined) continue; // the first tag wins
    table[address] = { id: tag.id, type: tag.type };
  }
  const tables = {} as Record<ModbusTableName, ModbusTable>;
  for (const name of MODBUS_TABLES)
    tables[name] = {
      size: Math.max(ADDRESS_TABLE_SIZE, slots[name].length),
      slots: slots[name],
      mapped: slots[name].length,
    };
  return tables;
}
