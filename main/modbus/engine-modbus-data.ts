import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import {
  modbusLayout,
  type ModbusLayout,
  type ModbusMapChoice,
  type ModbusSlot,
  tableHolds,
} from '../../shared/modbus/modbus-layout.js';
import { fromRegister, toRegister } from '../../shared/modbus/register-value.js';
import type { BitTable, ModbusData, RegisterTable } from './modbus-pdu.js';

export interface EngineModbusOptions {
  map?: ModbusMapChoice;
  /** Overrides the scene's ScaleFactor (the driver's, else 100). */
  scaleFactor?: number;
}

/**
 * The engine's tags as Modbus tables. Reads and writes go through the engine's own read and
 * write paths, so the API's rules hold unchanged: a read gives the effective value (forces and
 * failures apply), a write is the API's plain write, which an Input cannot take. The layout
 * follows the scene served: another scene, or an edit of this one, lays the tables out anew.
 */
export class EngineModbusData implements ModbusData<ItemError[]> {
  private scene: SceneDefinition | undefined;
  private current: ModbusLayout | undefined;

  constructor(
    private readonly engine: TagEngine,
    private readonly options: EngineModbusOptions = {},
  ) {}

  /** The layout of the scene served now. */
  get layout(): ModbusLayout {
    if (this.scene !== this.engine.scene || !this.current) {
      this.scene = this.engine.scene;
      this.current = modbusLayout(this.scene, this.options);
    }
    return this.current;
  }

  holds(table: BitTable | RegisterTable, start: number, count: number): boolean {
    return tableHolds(this.layout.tables[table], start, count);
  }

  readBits(table: BitTable, start: number, count: number): boolean[] {
    return this.read(table, start, count).map((v) => v === true);
  }

  readRegisters(table: RegisterTable, start: number, count: number): number[] {
    const { scaleFactor, tables } = this.layout;
    const slots = tables[table].slots;
    return this.read(table, start, count).map((value, i) => {
      const slot = slots[start + i];
      return slot && value !== undefined ? toRegister(slot.type, value, scaleFactor) : 0;
    });
  }

  /** Writes coils; returns the items the engine refused (for the journal, modbus-journal.ts). */
  writeCoils(start: number, values: readonly boolean[]): ItemError[] {
    return this.write('coils', start, values);
  }

  /** Writes holding registers; returns the items the engine refused. */
  writeRegisters(start: number, values: readonly number[]): ItemError[] {
    const { scaleFactor } = this.layout;
    return this.write('holdingRegisters', start, values, (slot, r) =>
      fromRegister(slot.type, r, scaleFactor),
    );
  }

  /** The effective values of a range, in one engine read; `undefined` where no tag sits. */
  private read(table: BitTable | RegisterTable, start: number, count: number) {
    const slots = this.layout.tables[table].slots;
    const ids: string[] = [];
    for (let a = start; a < start + count; a++) {
      const slot = slots[a];
      if (slot) ids.push(slot.id);
    }
    // One entry per id, in order: each slot's id names exactly one tag of the scene served.
    const entries = ids.length > 0 ? this.engine.readValues('id', ids) : [];
    let next = 0;
    return Array.from({ length: count }, (_, i) => {
      if (!slots[start + i]) return undefined;
      const entry = entries[next++];
      return entry && 'value' in entry ? entry.value : undefined;
    });
  }

  /**
   * What a Modbus client scan read from its controller (docs/modbus.md#the-modbus-tcpip-client):
   * the Bit Outputs as coils 0 on and the Numeric Outputs as holding registers 0 on, in one
   * engine write, so the window and the API's readers see a scan's outputs all at once.
   */
  writeOutputs(bits: readonly boolean[], registers: readonly number[]): ItemError[] {
    const { scaleFactor } = this.layout;
    const items = [
      ...this.items('coils', 0, bits),
      ...this.items('holdingRegisters', 0, registers, (slot, r) => fromRegister(slot.type, r, scaleFactor)),
    ];
    return items.length > 0 ? this.engine.write('set', 'id', items, 'api') : [];
  }

  /** One engine write for the whole range (one update, one change event); empty slots ignore it. */
  private write<T>(
    table: 'coils' | 'holdingRegisters',
    start: number,
    values: readonly T[],
    convert?: (slot: ModbusSlot, value: T) => unknown,
  ): ItemError[] {
    const items = this.items(table, start, values, convert);
    return items.length > 0 ? this.engine.write('set', 'id', items, 'api') : [];
  }

  /** The engine's write items for a range of a table: one per slot that holds a tag. */
  private items<T>(
    table: 'coils' | 'holdingRegisters',
    start: number,
    values: readonly T[],
    convert: (slot: ModbusSlot, value: T) => unknown = (_slot, value) => value,
  ): { id: string; value: unknown }[] {
    const slots = this.layout.tables[table].slots;
    const items: { id: string; value: unknown }[] = [];
    values.forEach((value, i) => {
      const slot = slots[start + i];
      if (slot) items.push({ id: slot.id, value: convert(slot, value) });
    });
    return items;
  }
}
