import type { SceneDefinition } from './scene-definition.js';
import type { TagKind, TagType } from '../core/tag-types.js';
import { stripBom } from '../problems/json-text.js';
import { ownValue } from '../problems/json-words.js';
import { assembleScene, type ImportedTag } from './scene-assemble.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';

/**
 * The tag list of the simulator's driver configuration as CSV: `Name,Type,Data Type,Address`,
 * one row a tag, for example `Auto,Input,Bool,Coil 0`.
 *
 * - Type is the tag's kind (Input/Output); Data Type is Bool, Int or Real (Bit, Int, Float).
 * - Address is the driver's address text (Modbus `Coil 3`, `Holding Reg 12`, Siemens `%I0.3`...).
 *   TagSim keeps its own address spaces, so the driver address only suggests one: the number at
 *   its end (for `byte.bit` forms of a Bit, `byte * 8 + bit`) when it is a free user address of
 *   the tag's (kind, type) space; otherwise the tag gets the lowest free one, and a note says so.
 *   System tags always take their fixed addresses.
 * - Ids: CSV has none, so each tag gets the name-based id a built-in scene would give it
 *   (UUID v5 of scene name, kind, type and name): the same file imported under the same scene
 *   name always gives the same ids, and the CSV of a built-in scene imported under its name gives
 *   exactly the built-in ids.
 * - Missing system tags are added at the end; a note says so.
 *
 * Reading follows RFC 4180 (quoted fields with commas, quotes and line breaks), accepts CRLF or
 * LF, a byte order mark, blank lines, a `;` separator (as spreadsheet programs in many locales
 * write), the columns in any order, and ignores extra columns.
 */

/** The columns TagSim writes, in order. */
export const CSV_COLUMNS = ['Name', 'Type', 'Data Type', 'Address'] as const;

const DATA_TYPES: Readonly<Record<string, TagType>> = {
  bool: 'Bit',
  boolean: 'Bit',
  bit: 'Bit',
  int: 'Int',
  integer: 'Int',
  real: 'Float',
  float: 'Float',
};
const KINDS: Readonly<Record<string, TagKind>> = { input: 'Input', output: 'Output' };
const DATA_TYPE_NAMES: Readonly<Record<TagType, string>> = { Bit: 'Bool', Int: 'Int', Float: 'Real' };

/** What an import produced: a valid scene, and notes on what TagSim decided for it. */
export interface CsvImport {
  scene: SceneDefinition;
  /** One line each: "line 7: 'Counter' has no free Int address 300; it gets Output Int 2". */
  notes: string[];
}

/**
 * Reads a driver configuration CSV into a scene. Throws a ValidationError listing every
 * problem with its line (`line 4: unknown Data Type 'Word'; use Bool, Int or Real`).
 */
export function importSceneCsv(text: string, options: { sceneName: string; source?: string }): CsvImport {
  const sceneName = options.sceneName.trim() || 'Imported scene';
  const problems: PlacedProblem[] = [];
  const report = (line: number, message: string) => problems.push({ path: `line ${line}`, message });
  const fail = (): never => {
    throw new ValidationError(problems, options.source, 'tag list (CSV)');
  };

  const records = parseCsv(stripBom(text), report);
  if (problems.length > 0) fail();
  const header = records[0];
  if (!header) {
    problems.push({
      path: '(file)',
      message: `the file has no rows; the first row names the columns: ${CSV_COLUMNS.join(',')}`,
    });
    fail();
  }
  const column = new Map(header!.fields.map((f, i) => [f.trim().toLowerCase(), i]));
  const missing = CSV_COLUMNS.filter((c) => !column.has(c.toLowerCase()));
  if (missing.length > 0) {
    report(
      header!.line,
      `the header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; it should read ${CSV_COLUMNS.join(',')}`,
    );
    fail();
  }
  const at = (r: CsvRecord, name: string) => (r.fields[column.get(name.toLowerCase())!] ?? '').trim();

  const imported: ImportedTag[] = [];
  for (const r of records.slice(1)) {
    const name = at(r, 'Name');
    const kindText = at(r, 'Type');
    const typeText = at(r, 'Data Type');
    const kind = lookup(KINDS, kindText);
    const type = lookup(DATA_TYPES, typeText);
    if (name === '') report(r.line, 'the Name is empty; every tag needs a name');
    if (!kind) report(r.line, `unknown Type '${kindText}'; use Input or Output`);
    if (!type) report(r.line, `unknown Data Type '${typeText}'; use Bool, Int or Real`);
    if (name === '' || !kind || !type) continue;
    const driverAddress = at(r, 'Address');
    const address = driverAddressNumber(driverAddress, type);
    if (driverAddress !== '' && address === undefined) {
      // A typo in the Address column must not silently become whatever address is free.
      report(
        r.line,
        `'${name}' has the Address '${driverAddress}', which holds no address number; write one (like Coil 3) or leave it empty to let TagSim pick`,
      );
      continue;
    }
    imported.push({
      where: `line ${r.line}`,
      name,
      kind,
      type,
      ...(address !== undefined ? { address } : { noAddress: 'has no Address' }),
    });
  }
  // The rows that read are checked as a scene too, so every problem is reported at once.
  const assembled = assembleScene(sceneName, imported);
  if (!assembled.ok) problems.push(...assembled.problems);
  if (problems.length > 0) fail();
  return assembled as CsvImport;
}

/**
 * Writes a scene as a driver configuration CSV (RFC 4180, CRLF line ends), Address in the words
 * of the simulator's Modbus client driver: Inputs are written to the controller (`Coil n`,
 * `Holding Reg n`), Outputs read from it (`Discrete Input n`, `Input Reg n`); `n` is TagSim's
 * address. Importing the result gives back the same addresses.
 */
export function exportSceneCsv(scene: SceneDefinition): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const t of scene.tags) {
    lines.push(
      [t.name, t.kind, DATA_TYPE_NAMES[t.type], driverAddressText(t.kind, t.type, t.address)]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `Coil 3`, `Holding Reg 240`...: the Address TagSim writes for a tag. */
export function driverAddressText(kind: TagKind, type: TagType, address: number): string {
  if (type === 'Bit') return `${kind === 'Input' ? 'Coil' : 'Discrete Input'} ${address}`;
  return `${kind === 'Input' ? 'Holding Reg' : 'Input Reg'} ${address}`;
}

/**
 * The address a driver address suggests: its last number (`Holding Reg 12` -> 12, `%MW20` -> 20),
 * or for a Bit in `byte.bit` form (`%I1.3`, `I:1/3`) byte * 8 + bit; `undefined` when it has none.
 */
export function driverAddressNumber(text: string, type: TagType): number | undefined {
  const bit = type === 'Bit' ? /(\d+)[./](\d+)\s*$/.exec(text) : null;
  if (bit && Number(bit[2]) < 8) return Number(bit[1]) * 8 + Number(bit[2]);
  const last = /(\d+)\s*$/.exec(text);
  return last ? Number(last[1]) : undefined;
}

/** The entry for a word of the file, in any letter case (own keys only: 'constructor' is no type). */
function lookup<T>(map: Readonly<Record<string, T>>, word: string): T | undefined {
  return ownValue(map, word.toLowerCase());
}

/** One field of an RFC 4180 record, quoted when it holds a quote, separator or line end. */
export function csvField(value: string): string {
  return /[",\r\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One record of a CSV file: its fields and the line it starts on. */
interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 records, with the line each starts on. Blank lines are skipped. The separator is `,`,
 * or `;` when the first line has semicolons and no commas.
 */
function parseCsv(text: string, report: (line: number, message: string) => void): CsvRecord[] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  while (i <= text.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    // Whether the field so far is only spaces: kept as a flag, as trimming the growing field at
    // each quote made a long line cost its length squared.
    let blank = true;
    let quotedSeen = false;
    for (;;) {
      const ch = text[i];
      if (ch === '"' && blank && !quotedSeen) {
        // A quoted field: up to the closing quote, "" standing for one quote.
        const opened = line;
        field = '';
        quotedSeen = true;
        i++;
        for (;;) {
          const q = text[i];
          if (q === undefined) {
            report(opened, 'a quoted field is never closed (a missing " ?)');
            return records;
          }
          if (q === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (q === '\n') line++;
          field += q;
          i++;
        }
        const after = text[i];
        if (after !== undefined && after !== separator && after !== '\r' && after !== '\n') {
          report(line, `unexpected text after a closing quote; a quote inside a field is written twice ("")`);
          while (i < text.length && text[i] !== separator && text[i] !== '\n') i++;
        }
        continue;
      }
      if (ch === separator) {
        fields.push(field);
        field = '';
        blank = true;
        quotedSeen = false;
        i++;
        continue;
      }
      if (ch === undefined || ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
        fields.push(field);
        i += ch === undefined ? 1 : ch === '\r' ? 2 : 1;
        if (ch !== undefined) line++;
        break;
      }
      field += ch;
      if (blank && ch.trim() !== '') blank = false;
      i++;
    }
    if (fields.length === 1 && fields[0]!.trim() === '' && !quotedSeen) continue; // a blank line
    records.push({ line: start, fields });
  }
  return records;
}
