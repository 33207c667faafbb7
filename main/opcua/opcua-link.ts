import type { ClientSession, DataValue, OPCUAClient } from 'node-opcua-client';
import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { OpcuaClientSettings } from '../../shared/drivers/opcua-client-settings.js';
import type { DriverLink } from '../drivers/client-driver.js';
import type { RequestJournal } from '../journal/request-journal.js';
import { bindTags } from './opcua-bindings.js';
import type { OpcuaClientLib } from './opcua-library.js';
import { startSensorWrites, typesOf } from './sensor-writes.js';

export interface OpcuaLinkDeps {
  readonly journal?: RequestJournal;
  readonly chaos?: ChaosRules;
  /** `opcua-client://plc:4840`: the journal's path and what chaos rules match. */
  readonly path: string;
  /** Hears the warning whole (what could not be bound, what the server refuses now) each time it changes. */
  readonly warn: (warning: string | undefined) => void;
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

  const bound = await bindTags(engine, session, lib, settings.bindings);
  const problems = [...bound.problems];
  const actuators = bound.tags.filter((b) => b.tag.kind === 'Output');
  const sensors = await typesOf(
    lib,
    session,
    bound.tags.filter((b) => b.tag.kind === 'Input'),
    problems,
  );
  // The status's warning: what the connection could not bind, then what the server refuses now,
  // one entry per source (the writes, each node it cannot monitor, the subscription), so that
  // one source's news neither hides nor clears another's.
  const refusals = new Map<string, string>();
  const warning = () => [...problems, ...refusals.values()].join('; ') || undefined;
  const refuse = (source: string, words: string | undefined) => {
    if (words === undefined) refusals.delete(source);
    else refusals.set(source, words);
    deps.warn(warning());
  };

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
    refuse('subscription', `the subscription: ${error.message.split('\n')[0]}`),
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
    item.on('err', (message: string) =>
      refuse(`monitor ${actuator.nodeId}`, `${actuator.nodeId} cannot be monitored: ${message}`),
    );
  }

  // Sensors: every change since the last write, written together; a failed write keeps them due.
  stops.push(
    startSensorWrites({
      lib,
      session,
      engine,
      sensors,
      intervalMs: settings.publishingIntervalMs,
      ...(deps.chaos ? { chaos: deps.chaos } : {}),
      ...(deps.journal ? { journal: deps.journal } : {}),
      path: deps.path,
      // What the server refuses now, after what the connection found it could not bind.
      refused: (words) => refuse('writes', words),
      end,
    }),
  );
  return {
    closed,
    close: () => end('disconnected'),
    detail: `${bound.tags.length} ${bound.tags.length === 1 ? 'tag' : 'tags'} bound ${bound.from} (${sensors.length} written, ${actuators.length} monitored), ${settings.security}`,
    // Read as the driver shows the connection: what was refused before then is in it.
    get warning() {
      return warning();
    },
  };
}

/** A node's value as the engine takes it (a 64-bit integer arrives as a pair of numbers). */
function plainValue(value: unknown): unknown {
  if (Array.isArray(value) && value.length === 2) {
    const [high, low] = value as unknown[];
    if (typeof high === 'number' && typeof low === 'number') return high * 0x100000000 + low;
  }
  return value;
}
