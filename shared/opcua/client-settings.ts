/**
 * The OPC UA client driver's settings (docs/opcua.md): the controller's server, how tags are bound
 * to its nodes, and the security of the connection. The simulator's "OPC Client DA/UA" driver
 * binds each tag to an item (`ns=3;s="..."` in a saved scene); TagSim takes the bindings from a
 * CSV of tag name and node id, or matches node names to tag names.
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
  /** The bindings (from a CSV file); absent: each tag whose name a node's name matches. */
  readonly bindings?: readonly OpcuaBinding[];
  /** None, or SignAndEncrypt with Basic256Sha256 and TagSim's certificate. */
  readonly security: OpcuaSecurityMode;
  /** The folder of TagSim's certificate and the servers it trusts (the user's settings folder). */
  readonly pkiDir: string;
  /** How often the server sends the actuators' changes (the subscription's publishing interval). */
  readonly publishingIntervalMs: number;
}

export const OPCUA_CLIENT_DEFAULTS = { security: 'None', publishingIntervalMs: 50 } as const;
export const MAX_OPCUA_BINDINGS = 2000;

/** `opc.tcp://host:port[/path]`, or the problem in words. */
export function endpointProblem(url: string): string | undefined {
  if (!/^opc\.tcp:\/\//i.test(url)) return `must start with opc.tcp://; got '${url}'`;
  const match = /^opc\.tcp:\/\/([^/:\s[\]]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?(\/\S*)?$/i.exec(url);
  if (!match) return `must be an OPC UA endpoint like opc.tcp://plc:4840; got '${url}'`;
  const port = match[2] === undefined ? 4840 : Number(match[2]);
  if (port < 1 || port > 65535) return `has a port that is not from 1 to 65535; got '${url}'`;
  return undefined;
}

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
    if (tag === '' || !/^(ns=\d+;)?[isgb]=./.test(nodeId))
      problems.push(
        `line ${i + 1}: must be <tag name>,<node id> like Start,ns=3;s="GVL".Start; got '${raw.slice(0, 100)}'`,
      );
    else bindings.push({ tag, nodeId });
  });
  if (bindings.length > MAX_OPCUA_BINDINGS)
    problems.push(`has ${bindings.length} bindings; at most ${MAX_OPCUA_BINDINGS}`);
  return problems.length > 0 ? { problems: problems.slice(0, 20) } : { bindings };
}
