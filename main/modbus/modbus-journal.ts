import type { Socket } from 'node:net';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import type { ModbusLayout } from '../../shared/modbus/modbus-layout.js';
import { fromRegister } from '../../shared/modbus/register-value.js';
import { JOURNAL_BODY_BYTES, type RequestJournal } from '../server/request-journal.js';
import type { EngineModbusData } from './engine-modbus-data.js';
import type { MbapFrame } from './mbap-reader.js';
import { exceptionIn, type ModbusData } from './modbus-pdu.js';

/** The functions that write, by the name the Modbus specification gives them. */
export const MODBUS_WRITE_FUNCTIONS: ReadonlyMap<number, string> = new Map([
  [5, 'Write Single Coil'],
  [6, 'Write Single Register'],
  [15, 'Write Multiple Coils'],
  [16, 'Write Multiple Registers'],
  [23, 'Read/Write Multiple Registers'],
]);

/**
 * The status a journal entry gives a Modbus exception: the HTTP status of the same meaning, so
 * that the journal's `status=4xx` filter finds a PLC's refused writes beside a client's refused
 * requests (docs/modbus.md#in-the-request-journal). The exception itself is in the entry's body.
 */
export const MODBUS_EXCEPTION_STATUS: ReadonlyMap<number, { status: number; words: string }> = new Map([
  [0x01, { status: 501, words: 'illegal function' }],
  [0x02, { status: 404, words: 'illegal data address' }],
  [0x03, { status: 400, words: 'illegal data value' }],
  [0x04, { status: 500, words: 'server device failure' }],
  [0x0b, { status: 504, words: 'gateway target device failed to respond' }],
]);

/** What a request wrote, as the data layer saw it. */
interface Written {
  readonly table: 'coils' | 'holdingRegisters';
  readonly start: number;
  readonly values: readonly (boolean | number)[];
  readonly errors: readonly ItemError[];
}

/**
 * Records every Modbus write in the request journal (docs/modbus.md#in-the-request-journal).
 * Reads are not recorded: a PLC polls its inputs many times a second, which would push a client's
 * API requests out of the ring within a minute, and a read changes nothing worth finding later.
 *
 * The server serves `data`, which notes what each request wrote (the engine's refusals included);
 * `answered` then records the request with that note, or with its exception when it was refused.
 * Both run in one synchronous turn per request, so a note always belongs to the request answered.
 */
export class ModbusWriteJournal {
  private written: Written | undefined;
  private names: { layout: ModbusLayout; byId: ReadonlyMap<string, string> } | undefined;
  readonly data: ModbusData;

  constructor(
    private readonly engine: TagEngine,
    private readonly engineData: EngineModbusData,
    private readonly journal: RequestJournal,
  ) {
    this.data = {
      holds: (table, start, count) => engineData.holds(table, start, count),
      readBits: (table, start, count) => engineData.readBits(table, start, count),
      readRegisters: (table, start, count) => engineData.readRegisters(table, start, count),
      writeCoils: (start, values) => {
        this.written = { table: 'coils', start, values, errors: engineData.writeCoils(start, values) };
      },
      writeRegisters: (start, values) => {
        const errors = engineData.writeRegisters(start, values);
        this.written = { table: 'holdingRegisters', start, values, errors };
      },
    };
  }

  /** Hears a request answered with `response` (a PDU) at `startedMs` (performance.now). */
  readonly answered = (request: MbapFrame, response: Buffer, client: Socket, startedMs: number): void => {
    const written = this.written;
    this.written = undefined;
    const fc = request.pdu[0]!;
    const name = MODBUS_WRITE_FUNCTIONS.get(fc);
    if (name === undefined) return;
    const exception = exceptionIn(response);
    const range = written ? { start: written.start, count: written.values.length } : rangeOf(request.pdu);
    const table = fc === 5 || fc === 15 ? 'coils' : 'holdingRegisters';
    const where = range ? `/${range.start}+${range.count}` : '';
    const known = exception === undefined ? undefined : MODBUS_EXCEPTION_STATUS.get(exception);
    this.journal.recordExchange(
      {
        address: client.remoteAddress,
        port: client.remotePort,
        method: `FC${fc}`,
        path: `modbus://unit/${request.unitId}/${table}${where}`,
        status: exception === undefined ? 200 : (known?.status ?? 500),
        body:
          exception === undefined && written
            ? this.writtenText(name, written)
            : refusedText(name, exception, known?.words, request.pdu),
        // A refused request applied nothing, so it has no items to refuse.
        itemErrors: exception === undefined ? (written?.errors ?? []) : undefined,
      },
      startedMs,
    );
  };

  /**
   * `{"function": ..., "writes": [{"address", "value", "tag", "tagValue"}]}`: each value sent,
   * the tag it reached (null at an address that holds none, which ignores it) and the value the
   * tag was given. Built only up to the 4 KiB the journal keeps, so a 1,968-coil write costs no more.
   */
  private writtenText(name: string, written: Written): string {
    const layout = this.engineData.layout;
    const names = this.namesOf(layout);
    const slots = layout.tables[written.table].slots;
    const items: string[] = [];
    let length = 0;
    for (let i = 0; i < written.values.length && length <= JOURNAL_BODY_BYTES; i++) {
      const value = written.values[i]!;
      const slot = slots[written.start + i];
      const tag = slot && names.get(slot.id);
      // Written out by hand: a write of 100 registers must not cost 100 objects to stringify.
      // Every value is a boolean or a finite number, which String() gives as JSON does.
      const item =
        `{"address":${written.start + i},"value":${String(value)},"tag":` +
        (slot && tag !== undefined
          ? `${tag},"tagValue":${String(typeof value === 'boolean' ? value : fromRegister(slot.type, value, layout.scaleFactor))}}`
          : 'null}');
      items.push(item);
      length += item.length + 1;
    }
    // One join: the text the ring keeps is flat, not a rope of a hundred pieces.
    return `{"function":${JSON.stringify(name)},"writes":[${items.join(',')}]}`;
  }

  /** Each tag's name as JSON text, by id: made once for each layout (a scene, or an edit of it). */
  private namesOf(layout: ModbusLayout): ReadonlyMap<string, string> {
    if (this.names?.layout !== layout)
      this.names = {
        layout,
        byId: new Map(this.engine.scene.tags.map((tag) => [tag.id, JSON.stringify(tag.name)])),
      };
    return this.names.byId;
  }
}

/** `{"function", "exception": "02 illegal data address", "pdu": "<hex>"}`: what was refused. */
function refusedText(name: string, exception: number | undefined, words: string | undefined, pdu: Buffer) {
  const code = exception === undefined ? 'none' : exception.toString(16).toUpperCase().padStart(2, '0');
  // The request's bytes (at most 253) say what a client sent that the server could not take.
  return JSON.stringify({
    function: name,
    exception: words ? `${code} ${words}` : code,
    pdu: pdu.toString('hex'),
  });
}

/**
 * The written range a refused request names, read from its fields where it has them (a request
 * too short to hold them has none): the address of FC 5 and 6, the start and count of FC 15 and
 * 16, the write half's of FC 23.
 */
function rangeOf(pdu: Buffer): { start: number; count: number } | undefined {
  const fc = pdu[0];
  const at = fc === 23 ? 5 : 1;
  const single = fc === 5 || fc === 6;
  if (pdu.length < at + (single ? 2 : 4)) return undefined;
  return { start: pdu.readUInt16BE(at), count: single ? 1 : pdu.readUInt16BE(at + 2) };
}
