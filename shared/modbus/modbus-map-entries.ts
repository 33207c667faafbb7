import type { TagScene } from '../core/tag-scene.js';
import type { TagDefinition } from '../core/tag-types.js';
import { MODBUS_TABLES, type ModbusLayout, type ModbusTableName } from './modbus-layout.js';

/** One tag at one Modbus address of a layout: what `tagsim modbus-map` prints per row of its CSV. */
export interface ModbusMapEntry {
  readonly table: ModbusTableName;
  readonly address: number;
  readonly tag: TagDefinition;
  /** A Float travels as round(value × scale) in its register. */
  readonly scale?: number;
}

/** The addresses of a table that exist (an empty one reads 0), as [first, last] ranges. */
export function existingRanges(layout: ModbusLayout, table: ModbusTableName): [number, number][] {
  const { size, extras } = layout.tables[table];
  const ranges: [number, number][] = size > 0 ? [[0, size - 1]] : [];
  if (extras) ranges.push([extras.from, extras.from + extras.count - 1]);
  return ranges;
}

/** Every tag a layout places, table by table (in MODBUS_TABLES order), by address. */
export function modbusMapEntries(scene: TagScene, layout: ModbusLayout): ModbusMapEntry[] {
  const byId = new Map(scene.tags.map((t) => [t.id, t]));
  const entries: ModbusMapEntry[] = [];
  for (const table of MODBUS_TABLES) {
    layout.tables[table].slots.forEach((slot, address) => {
      const tag = slot && byId.get(slot.id);
      if (!tag) return;
      entries.push({
        table,
        address,
        tag,
        ...(tag.type === 'Float' ? { scale: layout.scaleFactor } : {}),
      });
    });
  }
  return entries;
}
