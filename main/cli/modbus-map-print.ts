import type { TagScene } from '../../shared/core/tag-scene.js';
import { MODBUS_TABLES, type ModbusLayout, type ModbusTableName } from '../../shared/modbus/modbus-layout.js';
import { existingRanges, modbusMapEntries } from '../../shared/modbus/modbus-map-entries.js';
import { csvField } from '../../shared/scenes/scene-csv.js';

/**
 * The Modbus map of a scene as text, from its layout (shared/modbus/modbus-layout.ts): the table
 * docs/modbus.md shows and the CSV a PLC programmer imports. `tagsim modbus-map` and
 * `tagsim serve --modbus --print-map` print these, and a test holds docs/modbus.md to them.
 */

const HEADINGS: Readonly<Record<ModbusTableName, string>> = {
  discreteInputs: 'discrete input (FC 2)',
  coils: 'coil (FC 1, 5, 15)',
  inputRegisters: 'input register (FC 4)',
  holdingRegisters: 'holding register (FC 3, 6, 16, 23)',
};

const CSV_TABLE_NAMES: Readonly<Record<ModbusTableName, string>> = {
  discreteInputs: 'discrete input',
  coils: 'coil',
  inputRegisters: 'input register',
  holdingRegisters: 'holding register',
};

export type ModbusMapFormat = 'table' | 'csv';
export const MODBUS_MAP_FORMATS: readonly ModbusMapFormat[] = ['table', 'csv'];

export function modbusMapText(scene: TagScene, layout: ModbusLayout, format: ModbusMapFormat): string {
  return format === 'csv' ? modbusMapCsv(scene, layout) : modbusMapTable(scene, layout);
}

/**
 * A Markdown table, laid out as Prettier lays one out: a row per address that holds a tag, the
 * name of each table's tag there (a Float with its scale, `×100`), and between them one row per
 * run of addresses without a tag, saying per table which of them exist (read 0, ignore writes);
 * an address not named there does not exist (exception 02).
 */
export function modbusMapTable(scene: TagScene, layout: ModbusLayout): string {
  const cells = new Map<number, Map<ModbusTableName, string>>();
  for (const e of modbusMapEntries(scene, layout)) {
    const row = cells.get(e.address) ?? new Map<ModbusTableName, string>();
    const name = e.tag.name === '-' ? '- (unnamed)' : e.tag.name;
    row.set(e.table, e.scale === undefined ? name : `${name} ×${e.scale}`);
    cells.set(e.address, row);
  }
  const addresses = [...cells.keys()].sort((a, b) => a - b);
  const end = Math.max(
    -1,
    ...MODBUS_TABLES.flatMap((t) => existingRanges(layout, t).map(([, last]) => last)),
  );
  const rows: string[][] = [];
  let next = 0;
  for (const address of [...addresses, end + 1]) {
    if (address > next) rows.push(gapRow(layout, next, address - 1));
    if (address > end) break;
    const row = cells.get(address)!;
    rows.push([String(address), ...MODBUS_TABLES.map((t) => row.get(t) ?? '')]);
    next = address + 1;
  }
  return markdownTable(['address', ...MODBUS_TABLES.map((t) => HEADINGS[t])], rows);
}

/** `Table,Address,Name,Kind,Type,Scale,Id`: one record per tag, RFC 4180 with CRLF line ends. */
export function modbusMapCsv(scene: TagScene, layout: ModbusLayout): string {
  const lines = ['Table,Address,Name,Kind,Type,Scale,Id'];
  for (const e of modbusMapEntries(scene, layout)) {
    const fields = [CSV_TABLE_NAMES[e.table], String(e.address), e.tag.name, e.tag.kind, e.tag.type];
    lines.push([...fields, e.scale === undefined ? '' : String(e.scale), e.tag.id].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A run of addresses without a tag: per table, the part of it that exists (`empty, 14-255`). */
function gapRow(layout: ModbusLayout, first: number, last: number): string[] {
  return [
    span(first, last),
    ...MODBUS_TABLES.map((table) => {
      const parts = existingRanges(layout, table)
        .map(([from, to]) => [Math.max(from, first), Math.min(to, last)] as const)
        .filter(([from, to]) => from <= to)
        .map(([from, to]) => span(from, to));
      return parts.length > 0 ? `empty, ${parts.join(' and ')}` : 'none';
    }),
  ];
}

function span(first: number, last: number): string {
  return first === last ? String(first) : `${first}-${last}`;
}

/** Columns padded to their widest cell, the first right-aligned, as Prettier formats Markdown. */
function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = head.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}
