import type { ClientSession, DataValue, OPCUAClient } from 'node-opcua-client';
import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { OpcuaClientSettings } from '../../shared/opcua/client-settings.js';
import type { DriverLink } from '../drivers/client-driver.js';
import type { RequestJournal } from '../server/request-journal.js';
import { bindByName, bindFromCsv, listed, type BoundTag } from './opcua-bindings.js';
import type { OpcuaClientLib } from './opcua-library.js';

export interface OpcuaLinkDeps {
  readonly journal?: RequestJournal;
  readonly chaos?: ChaosRules;
  /** `opcua-client://plc:4840`: the journal's path and what chaos rules match. */
  readonly path: string;
  /** Hears what the server refuses once the link stands (a write refused, an item it cannot monitor). */
  readonly warn: (warning: string) => void;
}

/** What a sensor write is made of: the node, and the OPC UA type its value must have. */
interface Sensor extends BoundTag {
  readonly dataType: number;
}

/**
 * One session with the controller's OPC UA server (docs/opcua.md): the actuators it binds are
 * monitored (a subscription; each change written to its tag, a notification's changes in one
 * update), the sensors written when they change (every change since the last write, at most one
 * write in flight, at the publishing interval). Whatever ends the connection ends the link, with
 * the reason in `closed`.
 */
export async function openOpcuaLink(
  lib: OpcuaClientLib,
  client: OPCUAClient,
  session: ClientSession,
  engine: TagEngine,
  settings: OpcuaClientSettings,
  deps: OpcuaLinkDeps,
): Promise<DriverLink> {
  let markClosed!: (reason: string) => void;
  const closed = new Promise<string>((resolve) => (markClosed = resolve));
  let ended = false;
  const stops: (() => void)[] = [];
  const end = (reason: string) => {
    if (ended) return;
    ended = true;
    stops.forEach((stop) => stop());
    void client.disconnect().catch(() => undefined);
    markClosed(reason);
  };
  // node-opcua tells of a loss in the middle of its own closing: disconnecting from inside its
  // handler re-enters that closing and throws out of a socket's error event. So, a turn later.
  const lost = (reason: string) => () => setImmediate(() => end(reason));
  client.on('connection_lost', lost('the server closed the connection'));
  client.on('abort', lost('the server aborted the connection'));
  session.on('keepalive_failure', lost('the server stopped answering the session'));
  session.on('session_closed', lost('the server closed the session'));

  const bound = settings.bindings
    ? bindFromCsv(engine, settings.bindings)
    : await bindByName(engine, session, lib);
  const problems = [...bound.problems];
  const actuators = bound.tags.filter((b) => b.tag.kind === 'Output');
  const sensors = await typesOf(
    lib,
    session,
    bound.tags.filter((b) => b.tag.kind === 'Input'),
    problems,
  );

  // Actuators: a subscription; each notification's changes in one engine update.
  const subscription = lib.ClientSubscription.create(session, {
    requestedPublishingInterval: settings.publishingIntervalMs,
    requestedLifetimeCount: 100,
    requestedMaxKeepAliveCount: 10,
    maxNotificationsPerPublish: 1000,
    publishingEnabled: true,
    priority: 10,
  });
  // A subscription whose creation the lost connection cut short says so with an 'error' event:
  // unheard, it would be thrown out of the socket's own error handler.
  subscription.on('error', (error: Error) =>
    lost(`the subscription failed: ${error.message.split('\n')[0]}`)(),
  );
  subscription.on('internal_error', (error: Error) =>
    deps.warn(`the subscription: ${error.message.split('\n')[0]}`),
  );
  let changes: { id: string; nodeId: string; value: unknown }[] = [];
  const apply = () => {
    const batch = changes;
    changes = [];
    if (ended || batch.length === 0) return;
    const startedMs = performance.now();
    const itemErrors = engine.write(
      'set',
      'id',
      batch.map(({ id, value }) => ({ id, value })),
      'api',
    );
    deps.journal?.recordExchange(
      {
        address: undefined,
        port: undefined,
        method: 'DATA',
        path: deps.path,
        status: 200,
        body: JSON.stringify({
          function: 'OPC UA data change',
          writes: batch.map(({ id, nodeId, value }) => ({
            node: nodeId,
            value,
            tag: engine.getTagState(id)?.name ?? null,
          })),
        }),
        itemErrors,
      },
      startedMs,
    );
  };
  for (const actuator of actuators) {
    const item = lib.ClientMonitoredItem.create(
      subscription,
      { nodeId: actuator.nodeId, attributeId: lib.AttributeIds.Value },
      { samplingInterval: settings.publishingIntervalMs, discardOldest: true, queueSize: 1 },
      lib.TimestampsToReturn.Neither,
    );
    item.on('changed', (dataValue: DataValue) => {
      if (!dataValue.statusCode.isGood()) return;
      if (changes.length === 0) queueMicrotask(apply);
      changes.push({
        id: actuator.tag.id,
        nodeId: actuator.nodeId,
        value: plainValue(dataValue.value.value),
      });
    });
    item.on('err', (message: string) => deps.warn(`${actuator.nodeId} cannot be monitored: ${message}`));
  }

  // Sensors: every change since the last write, written together; a failed write keeps them due.
  const due = new Map<string, Sensor>(sensors.map((s) => [s.tag.id, s]));
  const byId = new Map(sensors.map((s) => [s.tag.id, s]));
  stops.push(
    engine.subscribe((event) => {
      for (const id of event.tagIds) {
        const sensor = byId.get(id);
        if (sensor) due.set(id, sensor);
      }
    }),
  );
  let writing = false;
  const flush = async () => {
    if (writing || ended || due.size === 0) return;
    const shot = deps.chaos?.armed === true ? deps.chaos.pick('SCAN', deps.path) : undefined;
    if (shot?.reset === true) return end(`a chaos rule dropped the connection (rule ${shot.rule})`);
    if (shot?.status !== undefined) return; // dropped: still due at the next interval
    writing = true;
    try {
      if (shot && shot.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, shot.latencyMs));
      const batch = [...due.values()];
      due.clear();
      const results = await session.write(
        batch.map((s) => ({
          nodeId: s.nodeId,
          attributeId: lib.AttributeIds.Value,
          value: {
            value: {
              dataType: s.dataType,
              value: valueFor(s.dataType, engine.getTagState(s.tag.id)?.value, lib),
            },
          },
        })),
      );
      const refused = batch.filter((_, i) => !results[i]?.isGood());
      if (refused.length > 0)
        deps.warn(
          `writes refused: ${listed(refused.map((s) => `${s.tag.name} (${results[batch.indexOf(s)]?.name})`))}`,
        );
    } catch (error) {
      end(`a write failed: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      writing = false;
    }
  };
  const timer = setInterval(() => void flush(), settings.publishingIntervalMs);
  stops.push(() => clearInterval(timer));
  void flush();
  return {
    closed,
    close: () => end('disconnected'),
    detail: `${bound.tags.length} tags bound (${sensors.length} written, ${actuators.length} monitored), ${settings.security}`,
    ...(problems.length > 0 ? { warning: problems.join('; ') } : {}),
  };
}

/** The OPC UA type of each sensor's node (its Value's), so each write sends the type it takes. */
async function typesOf(lib: OpcuaClientLib, session: ClientSession, tags: BoundTag[], problems: string[]) {
  if (tags.length === 0) return [];
  const values = await session.read(
    tags.map((t) => ({ nodeId: t.nodeId, attributeId: lib.AttributeIds.Value })),
  );
  const sensors: Sensor[] = [];
  const missing: string[] = [];
  values.forEach((value, i) => {
    if (value.statusCode.isGood()) sensors.push({ ...tags[i]!, dataType: value.value.dataType });
    else missing.push(`${tags[i]!.nodeId} (${value.statusCode.name})`);
  });
  if (missing.length > 0) problems.push(`nodes not read: ${listed(missing)}`);
  return sensors;
}

/** A tag's value as the node's type takes it: a Boolean, a whole number, or a float. */
function valueFor(dataType: number, value: unknown, lib: OpcuaClientLib): unknown {
  const { DataType } = lib;
  if (dataType === DataType.Boolean) return value === true || (typeof value === 'number' && value !== 0);
  const n = typeof value === 'boolean' ? Number(value) : Number(value ?? 0);
  return dataType === DataType.Float || dataType === DataType.Double ? n : Math.round(n);
}

/** A node's value as the engine takes it (a 64-bit integer arrives as a pair of numbers). */
function plainValue(value: unknown): unknown {
  if (Array.isArray(value) && value.length === 2) {
    const [high, low] = value as unknown[];
    if (typeof high === 'number' && typeof low === 'number') return high * 0x100000000 + low;
  }
  return value;
}
