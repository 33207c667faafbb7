import { type Static, Type } from '@sinclair/typebox';
import type { OpcClientDriver } from './saved-drivers.js';

/**
 * The OPC UA client driver's settings (docs/opcua.md): the controller's server, how tags are bound
 * to its nodes, and the security of the connection. The simulator's "OPC Client DA/UA" driver
 * binds each tag to an item (`ns=3;s="..."` in a saved scene); TagSim takes the bindings from a
 * CSV of tag name and node id, else from the scene's saved items, else matches node names to tag
 * names.
 */

export const OPCUA_SECURITY_MODES = ['None', 'SignAndEncrypt'] as const;
export type OpcuaSecurityMode = (typeof OPCUA_SECURITY_MODES)[number];

/** One tag bound to one node: the tag by name (or id), the node by its id (`ns=3;s="GVL".Start`). */
export interface OpcuaBinding {
  readonly tag: string;
  readonly nodeId: string;
}

export interface OpcuaClientSettings {
  /** `opc.tcp://host:port[/path]`. */
  readonly endpointUrl: string;
  /**
   * The bindings of a CSV file, which win over the scene's saved items; absent: the scene's saved
   * items (savedOpcuaBindings), else each tag whose name a node's name matches.
   */
  readonly bindings?: readonly OpcuaBinding[];
  /** None, or SignAndEncrypt with Basic256Sha256 and TagSim's certificate. */
  readonly security: OpcuaSecurityMode;
  /** The folder of TagSim's certificate and the servers it trusts (the user's settings folder). */
  readonly pkiDir: string;
  /** How often the server sends the actuators' changes (the subscription's publishing interval). */
  readonly publishingIntervalMs: number;
  /**
   * A server that has not taken the connection, opened the session and answered the binding
   * within this long is given up (default OPCUA_CLIENT_DEFAULTS.openTimeoutMs): a wrong port, a
   * silent or garbled peer shows as disconnected and is tried again, not as connecting for a minute.
   */
  readonly openTimeoutMs?: number;
}

export const OPCUA_CLIENT_DEFAULTS = {
  security: 'None',
  publishingIntervalMs: 50,
  openTimeoutMs: 10_000,
} as const;
export const MAX_OPCUA_BINDINGS = 2000;

/** OPC UA's own port, where an endpoint gives none. */
export const DEFAULT_OPCUA_PORT = 4840;
const ENDPOINT = /^opc\.tcp:\/\/([^/:\s[\]]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(\/\S*)?$/i;

/** `opc.tcp://host:port[/path]`, or the problem in words. */
export function endpointProblem(url: string): string | undefined {
  if (!/^opc\.tcp:\/\//i.test(url)) return `must start with opc.tcp://; got '${url}'`;
  const port = endpointPort(url);
  if (port === undefined) return `must be an OPC UA endpoint like opc.tcp://plc:4840; got '${url}'`;
  if (port < 1 || port > 65535) return `has a port that is not from 1 to 65535; got '${url}'`;
  return undefined;
}

/** The port of an endpoint (4840 where it names none); undefined for no endpoint. */
export function endpointPort(url: string): number | undefined {
  const match = ENDPOINT.exec(url);
  if (!match) return undefined;
  return match[2] === undefined ? DEFAULT_OPCUA_PORT : Number(match[2]);
}

/**
 * A lab station's endpoint (docs/lab.md#each-station-scans-its-own-controller): the same server's
 * at `offset` ports past the first's, path kept; the endpoint itself for offset 0.
 */
export function endpointPlus(url: string, offset: number): string {
  const match = ENDPOINT.exec(url);
  if (!match || offset === 0) return url;
  return `opc.tcp://${match[1]}:${endpointPort(url)! + offset}${match[3] ?? ''}`;
}

/**
 * The OPC UA client as the desktop's settings.json (and a lab PC's presets) keep it
 * (docs/desktop.md): the endpoint, and optionally the security, the publishing interval, the
 * opening's time limit and a bindings CSV's path; the certificate folder is the app's own.
 */
export const OPCUA_CLIENT_SETTING_SCHEMA = Type.Object(
  {
    endpointUrl: Type.String({ pattern: ENDPOINT.source, maxLength: 2048 }),
    security: Type.Optional(Type.Union(OPCUA_SECURITY_MODES.map((m) => Type.Literal(m)))),
    publishingIntervalMs: Type.Optional(Type.Integer({ minimum: 10, maximum: 10_000 })),
    openTimeoutMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 60_000 })),
    bindingsFile: Type.Optional(Type.String({ pattern: '\\S', maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export type OpcuaClientSetting = Static<typeof OPCUA_CLIENT_SETTING_SCHEMA>;

/**
 * A bindings CSV: one `tag,nodeId` per line (a header line `tag,nodeId` may come first; `#` starts
 * a comment). A node id holds commas and quotes as written (`ns=3;s="GVL"."Start"`): only the
 * first comma splits. Returns the bindings, or every problem with its line.
 */
export function parseBindingsCsv(text: string): { bindings: OpcuaBinding[] } | { problems: string[] } {
  const bindings: OpcuaBinding[] = [];
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const comma = line.indexOf(',');
    const tag = comma < 0 ? '' : line.slice(0, comma).trim();
    const nodeId = comma < 0 ? '' : line.slice(comma + 1).trim();
    if (i === 0 && tag.toLowerCase() === 'tag' && nodeId.toLowerCase() === 'nodeid') return;
    if (tag === '' || !isNodeId(nodeId))
      problems.push(
        `line ${i + 1}: must be <tag name>,<node id> like Start,ns=3;s="GVL".Start; got '${raw.slice(0, 100)}'`,
      );
    else bindings.push({ tag, nodeId });
  });
  if (bindings.length > MAX_OPCUA_BINDINGS)
    problems.push(`has ${bindings.length} bindings; at most ${MAX_OPCUA_BINDINGS}`);
  return problems.length > 0 ? { problems: problems.slice(0, 20) } : { bindings };
}

/** An OPC UA node id as servers write it: `ns=3;s="DB_IO"."Start"`, `i=2258`, `ns=2;g=...`. */
export function isNodeId(text: string): boolean {
  return /^(ns=\d+;)?[isgb]=./.test(text);
}

/**
 * The bindings a scene's saved OPC client items give (docs/opcua.md#binding-tags-to-nodes): each
 * item's node (its `ItemName`, `ns=3;s="..."`) to the tag of its key, a sensor's
 * (`InputPointIOKey`) or an actuator's (`OutputPointIOKey`). An item named otherwise (an OPC DA
 * item, `Channel1.Device1.Start`) cannot be an OPC UA node: it is left out, and counted.
 */
export function savedOpcuaBindings(saved: OpcClientDriver | undefined): {
  bindings: OpcuaBinding[];
  notNodeIds: string[];
} {
  const bindings: OpcuaBinding[] = [];
  const notNodeIds: string[] = [];
  for (const item of saved?.Items ?? []) {
    const keys = [item.InputPointIOKey, item.OutputPointIOKey].filter((k): k is string => k !== null);
    if (keys.length === 0) continue;
    const nodeId = item.ItemName.trim();
    if (!isNodeId(nodeId)) notNodeIds.push(item.ItemName);
    else for (const tag of keys) bindings.push({ tag, nodeId });
    if (bindings.length >= MAX_OPCUA_BINDINGS) break;
  }
  return { bindings, notNodeIds };
}
