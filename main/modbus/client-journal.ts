import type { ChaosShot } from '../../shared/api/chaos-rules.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import { fromRegister } from '../../shared/modbus/register-value.js';
import { JOURNAL_BODY_BYTES, type RequestJournal } from '../journal/request-journal.js';
import type { EngineModbusData } from './engine-modbus-data.js';
import { TagNames } from './tag-names.js';

/** An Output a scan read that differs from the scan before: its point, and the controller's address. */
export interface OutputChange {
  readonly group: 'bitOutput' | 'numericOutput';
  readonly point: number;
  readonly address: number;
  /** As read: true/false for a bit, 0-65535 for a register. */
  readonly value: boolean | number;
}

/** What the journal says of one scan. */
export interface ScanRecord {
  readonly remote: { address: string | undefined; port: number | undefined };
  readonly startedMs: number;
  /** 200 for a scan run; a chaos rule's status for a scan it dropped; null: it dropped the connection. */
  readonly status: number | null;
  readonly changes: readonly OutputChange[];
  readonly itemErrors: readonly ItemError[] | undefined;
  readonly chaos: ChaosShot | undefined;
}

export const SCAN_METHOD = 'SCAN';

/**
 * Records the Modbus client's scans in the control API's journal
 * (docs/modbus.md#the-modbus-client-in-the-journal): a scan whose Outputs changed a tag, with
 * what it wrote, and every scan a chaos rule delayed or dropped. A scan that changed nothing is
 * not recorded: at one scan every 10 ms, it would push every request out of the journal within
 * two minutes, and a test looks for what the controller set, not for each time it said the same.
 */
export class ClientScanJournal {
  private readonly names: TagNames;

  constructor(
    engine: TagEngine,
    private readonly data: EngineModbusData,
    private readonly journal: RequestJournal,
    /** `modbus-client://192.168.0.10:502/unit/1`. */
    private readonly path: string,
  ) {
    this.names = new TagNames(engine);
  }

  record(scan: ScanRecord): void {
    if (scan.changes.length === 0 && scan.chaos === undefined) return;
    const body =
      scan.status === 200
        ? this.writtenText(scan.changes)
        : `{"function":"Modbus client scan","dropped":${JSON.stringify(
            scan.status === null ? 'a chaos rule dropped the connection' : 'a chaos rule dropped this scan',
          )}}`;
    this.journal.recordExchange(
      {
        ...scan.remote,
        method: SCAN_METHOD,
        path: this.path,
        status: scan.status,
        body,
        itemErrors: scan.itemErrors,
        chaos: scan.chaos,
      },
      scan.startedMs,
    );
  }

  /** `{"function", "writes": [{"point", "address", "value", "tag", "tagValue"}]}`, up to the 4 KiB kept. */
  private writtenText(changes: readonly OutputChange[]): string {
    const layout = this.data.layout;
    const names = this.names.of(layout);
    const items: string[] = [];
    let length = 0;
    for (const change of changes) {
      if (length > JOURNAL_BODY_BYTES) break;
      const table = change.group === 'bitOutput' ? 'coils' : 'holdingRegisters';
      const slot = layout.tables[table].slots[change.point];
      const tag = slot && names.get(slot.id);
      const { value } = change;
      const tagValue =
        typeof value === 'boolean' || !slot ? value : fromRegister(slot.type, value, layout.scaleFactor);
      const point = `${change.group === 'bitOutput' ? 'Bit Output' : 'Numeric Output'} ${change.point}`;
      const item =
        `{"point":"${point}","address":${change.address},"value":${String(value)},"tag":` +
        (slot && tag !== undefined ? `${tag},"tagValue":${String(tagValue)}}` : 'null}');
      items.push(item);
      length += item.length + 1;
    }
    return `{"function":"Modbus client scan","writes":[${items.join(',')}]}`;
  }
}
