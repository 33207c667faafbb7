import type { Socket } from 'node:net';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import { fromRegister } from '../../shared/modbus/register-value.js';
import { JOURNAL_BODY_BYTES, type RequestJournal } from '../journal/request-journal.js';
import type { EngineModbusData } from './engine-modbus-data.js';
import type { MbapFrame } from './mbap-reader.js';
import { TagNames } from './tag-names.js';
import {
  exceptionIn,
  MODBUS_WRITE_FUNCTIONS,
  namedWrite,
  type PduAnswer,
  type PduWrite,
} from './modbus-pdu.js';

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

/** A write as the answer tells it: the engine's refused items are its outcome. */
type Written = PduWrite<ItemError[]>;

/**
 * Records every Modbus write in the request journal (docs/modbus.md#in-the-request-journal).
 * Reads are not recorded: a PLC polls its inputs many times a second, which would push a client's
 * API requests out of the ring within a minute, and a read changes nothing worth finding later.
 *
 * Each answer carries the write its request made (modbus-pdu.ts), the engine's refused items
 * with it, so an entry is built from that answer alone: nothing is held from one request to the
 * next, so two answers heard in either order each record their own write.
 */
export class ModbusWriteJournal {
  private readonly names: TagNames;

  constructor(
    engine: TagEngine,
    private readonly engineData: EngineModbusData,
    private readonly journal: RequestJournal,
  ) {
    this.names = new TagNames(engine);
  }

  /** Hears a request answered (its response PDU and the write it made) at `startedMs` (performance.now). */
  readonly answered = (
    request: MbapFrame,
    answer: PduAnswer<ItemError[]>,
    client: Socket,
    startedMs: number,
  ): void => {
    const fc = request.pdu[0]!;
    const fn = MODBUS_WRITE_FUNCTIONS.get(fc);
    if (fn === undefined) return;
    const { name, table } = fn;
    const exception = exceptionIn(answer.response);
    const written = answer.write;
    // What was written; for a write refused before it wrote, what the request asked to write.
    const range = written ? { start: written.start, count: written.values.length } : namedWrite(request.pdu);
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
        itemErrors: exception === undefined ? (written?.outcome ?? []) : undefined,
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
    const names = this.names.of(layout);
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
