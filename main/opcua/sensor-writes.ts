import type { ClientSession } from 'node-opcua-client';
import type { ChaosRules, ChaosShot } from '../../shared/api/chaos-rules.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { RequestJournal } from '../journal/request-journal.js';
import { listed, type BoundTag } from './opcua-bindings.js';
import type { OpcuaClientLib } from './opcua-library.js';

/** What a sensor write is made of: the node, and the OPC UA type its value must have. */
export interface Sensor extends BoundTag {
  readonly dataType: number;
}

/** The method chaos rules and the journal name the client's writes by, as the Modbus client's scans. */
export const WRITE_METHOD = 'SCAN';

export interface SensorWritesDeps {
  readonly lib: OpcuaClientLib;
  readonly session: ClientSession;
  readonly engine: TagEngine;
  readonly sensors: readonly Sensor[];
  /** A write at most this often, with every change since the last. */
  readonly intervalMs: number;
  readonly chaos?: ChaosRules;
  readonly journal?: RequestJournal;
  /** `opcua-client://plc:4840`. */
  readonly path: string;
  /** What the server refuses now, in words (`writes refused: Stop (BadNotWritable)`); undefined: nothing. */
  readonly refused: (words: string | undefined) => void;
  /** Ends the session, with why. */
  readonly end: (reason: string) => void;
}

/**
 * The sensors' writes of one session (docs/opcua.md#what-travels): every sensor once at the
 * start, then each change, all the changes since the last write in one Write request, at most
 * one in flight, at the interval. A chaos rule reaches a write as it reaches a Modbus scan: it
 * delays it, drops it (the changes stay due and go with the next) or drops the connection, and
 * the journal records each write a rule touched. Returns the stop.
 */
export function startSensorWrites(deps: SensorWritesDeps): () => void {
  const { engine, sensors } = deps;
  const due = new Map<string, Sensor>(sensors.map((s) => [s.tag.id, s]));
  const byId = new Map(sensors.map((s) => [s.tag.id, s]));
  let stopped = false;
  let writing = false;
  let lateTimer: NodeJS.Timeout | undefined;
  const unsubscribe = engine.subscribe((event) => {
    for (const id of event.tagIds) {
      const sensor = byId.get(id);
      if (sensor) due.set(id, sensor);
    }
  });
  const flush = async () => {
    if (writing || stopped || due.size === 0) return;
    const startedMs = performance.now();
    const shot = deps.chaos?.armed === true ? deps.chaos.pick(WRITE_METHOD, deps.path) : undefined;
    if (shot?.reset === true) {
      journal(deps, shot, null, startedMs, 'a chaos rule dropped the connection');
      return deps.end(`a chaos rule dropped the connection (rule ${shot.rule})`);
    }
    if (shot?.status !== undefined)
      return journal(deps, shot, shot.status, startedMs, 'a chaos rule dropped this write');
    writing = true;
    try {
      if (shot && shot.latencyMs > 0)
        await new Promise((resolve) => (lateTimer = setTimeout(resolve, shot.latencyMs)));
      if (stopped) return;
      const batch = [...due.values()];
      due.clear();
      const values = batch.map((s) => valueFor(s.dataType, engine.getTagState(s.tag.id)?.value));
      const results = await deps.session.write(
        batch.map((s, i) => ({
          nodeId: s.nodeId,
          attributeId: deps.lib.AttributeIds.Value,
          value: { value: { dataType: s.dataType, value: values[i] } },
        })),
      );
      if (shot) journal(deps, shot, 200, startedMs, undefined, batch, values);
      const refused = batch.flatMap((s, i) =>
        results[i]?.isGood() === true ? [] : [`${s.tag.name} (${results[i]?.name ?? 'no answer'})`],
      );
      deps.refused(refused.length > 0 ? `writes refused: ${listed(refused)}` : undefined);
    } catch (error) {
      const why = String((error as Error)?.message ?? error).split('\n')[0];
      deps.end(why ? `a write failed: ${why}` : 'a write failed');
    } finally {
      writing = false;
    }
  };
  const timer = setInterval(() => void flush(), deps.intervalMs);
  void flush();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(lateTimer);
    unsubscribe();
  };
}

/** The journal's entry of a write a chaos rule touched: what it dropped, or what went late. */
function journal(
  deps: SensorWritesDeps,
  shot: ChaosShot,
  status: number | null,
  startedMs: number,
  dropped: string | undefined,
  batch: readonly Sensor[] = [],
  values: readonly unknown[] = [],
): void {
  const body =
    dropped !== undefined
      ? { function: 'OPC UA write', dropped }
      : {
          function: 'OPC UA write',
          writes: batch.map((s, i) => ({ node: s.nodeId, value: values[i], tag: s.tag.name })),
        };
  deps.journal?.recordExchange(
    {
      address: undefined,
      port: undefined,
      method: WRITE_METHOD,
      path: deps.path,
      status,
      body: JSON.stringify(body),
      itemErrors: undefined,
      chaos: shot,
    },
    startedMs,
  );
}

/**
 * The OPC UA types a sensor's node may have, by their numbers (node-opcua's DataType): Boolean,
 * and the numbers, a whole one's range with it. A String, an Int64 or a structure has no
 * sensible value from a tag: its sensor is left out (a problem), not written wrong each time.
 */
const BOOLEAN = 1;
const REALS = new Set([10, 11]); // Float, Double
const WHOLE_RANGES: ReadonlyMap<number, readonly [number, number]> = new Map([
  [2, [-128, 127]], // SByte
  [3, [0, 255]], // Byte
  [4, [-32768, 32767]], // Int16
  [5, [0, 65535]], // UInt16
  [6, [-2147483648, 2147483647]], // Int32
  [7, [0, 4294967295]], // UInt32
]);

/** The OPC UA type of each sensor's node (its Value's), so each write sends the type it takes. */
export async function typesOf(
  lib: OpcuaClientLib,
  session: ClientSession,
  tags: readonly BoundTag[],
  problems: string[],
): Promise<Sensor[]> {
  if (tags.length === 0) return [];
  const values = await session.read(
    tags.map((t) => ({ nodeId: t.nodeId, attributeId: lib.AttributeIds.Value })),
  );
  const sensors: Sensor[] = [];
  const missing: string[] = [];
  const otherTypes: string[] = [];
  values.forEach((value, i) => {
    const tag = tags[i]!;
    const dataType = value.value.dataType as number;
    if (!value.statusCode.isGood()) missing.push(`${tag.nodeId} (${value.statusCode.name})`);
    else if (dataType === BOOLEAN || REALS.has(dataType) || WHOLE_RANGES.has(dataType))
      sensors.push({ ...tag, dataType });
    else otherTypes.push(`${tag.tag.name} (${lib.DataType[dataType] ?? dataType})`);
  });
  if (missing.length > 0) problems.push(`nodes not read: ${listed(missing)}`);
  if (otherTypes.length > 0) problems.push(`sensors whose node takes no tag's value: ${listed(otherTypes)}`);
  return sensors;
}

/** A tag's value as the node's type takes it: a Boolean, a float, or a whole number in its range. */
function valueFor(dataType: number, value: unknown): unknown {
  if (dataType === BOOLEAN) return value === true || (typeof value === 'number' && value !== 0);
  const n = typeof value === 'boolean' ? Number(value) : Number(value ?? 0);
  const finite = Number.isFinite(n) ? n : 0;
  const range = WHOLE_RANGES.get(dataType);
  return range ? Math.min(range[1], Math.max(range[0], Math.round(finite))) : finite;
}
