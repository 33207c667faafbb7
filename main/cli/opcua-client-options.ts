import { join } from 'node:path';
import {
  endpointProblem,
  OPCUA_CLIENT_DEFAULTS,
  OPCUA_SECURITY_MODES,
  type OpcuaClientSettings,
  type OpcuaSecurityMode,
} from '../../shared/drivers/opcua-client-settings.js';
import { userConfigDir } from '../storage/config-dir.js';
import type { OptionSpec } from './option-spec.js';
import { parseWholeNumber, UsageError } from './option-values.js';

/** The OPC UA client's options (docs/opcua.md): their table and how they are read. */

function both(lines: readonly string[]): OptionSpec['help'] {
  return { serve: lines, lab: lines };
}

export const OPCUA_CLIENT_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'opcua-client',
    type: 'string',
    value: '<opc.tcp://host:port>',
    help: {
      serve: [
        "Bind tags to a controller's OPC UA server, as the simulator's OPC Client driver:",
        'monitor the actuators, write the sensors (docs/opcua.md)',
      ],
      lab: [
        "Every station binds its tags to its own controller's OPC UA server: station k's at",
        "port + k - 1, unless the lab file gives the station's opcuaClient endpoint",
      ],
    },
  },
  {
    name: 'opcua-client-map',
    type: 'string',
    value: '<file.csv>',
    help: both([
      "Bind the tags a CSV names (tag,nodeId per line). Without it: the scene's saved OPC",
      'items (a .factoryio file), else each tag whose name a node has',
    ]),
  },
  {
    name: 'opcua-client-security',
    type: 'string',
    value: `<${OPCUA_SECURITY_MODES.join('|')}>`,
    help: both([
      `${OPCUA_SECURITY_MODES.join(' or ')} (Basic256Sha256, with TagSim's certificate;`,
      `default ${OPCUA_CLIENT_DEFAULTS.security})`,
    ]),
  },
  {
    name: 'opcua-client-publish',
    type: 'string',
    value: '<ms>',
    help: both([
      `How often changes travel each way, 10 to 10000 (default ${OPCUA_CLIENT_DEFAULTS.publishingIntervalMs})`,
    ]),
  },
  {
    name: 'opcua-client-timeout',
    type: 'string',
    value: '<ms>',
    help: both([
      'A server that has not opened the session and answered the binding within this is given',
      `up and tried again, 1000 to 60000 (default ${OPCUA_CLIENT_DEFAULTS.openTimeoutMs})`,
    ]),
  },
  {
    name: 'opcua-client-pki',
    type: 'string',
    value: '<dir>',
    help: both([
      "The folder of TagSim's certificate and the servers it trusts (default: in the user's settings)",
    ]),
  },
];

/** The values of OPCUA_CLIENT_OPTION_SPECS as the parser gives them. */
export interface OpcuaClientValues {
  'opcua-client'?: string;
  'opcua-client-map'?: string;
  'opcua-client-security'?: string;
  'opcua-client-publish'?: string;
  'opcua-client-timeout'?: string;
  'opcua-client-pki'?: string;
}

/** What the command line asked of the OPC UA client; its bindings file is read when serving. */
export type OpcuaClientCommand = Omit<OpcuaClientSettings, 'bindings'> & { bindingsFile?: string };

/** The settings but the endpoint: what every station of a lab shares. */
export type OpcuaClientTemplate = Omit<OpcuaClientCommand, 'endpointUrl'>;

/** The OPC UA client asked for, or undefined without --opcua-client. */
export function opcuaClientOptions(
  values: OpcuaClientValues,
  env: NodeJS.ProcessEnv = process.env,
): OpcuaClientCommand | undefined {
  const endpointUrl = opcuaClientEndpoint(values);
  if (endpointUrl === undefined) {
    const stray = strayOpcuaOption(values);
    if (stray) throw new UsageError(`--${stray} goes with --opcua-client`);
    return undefined;
  }
  return { endpointUrl, ...opcuaClientTemplate(values, env) };
}

/** --opcua-client's endpoint, checked, or undefined without it. */
export function opcuaClientEndpoint(values: OpcuaClientValues): string | undefined {
  const url = values['opcua-client'];
  if (url === undefined) return undefined;
  const problem = endpointProblem(url.trim());
  if (problem) throw new UsageError(`--opcua-client ${problem}`);
  return url.trim();
}

/** The first of the client's options given, by name, that needs an endpoint to mean anything. */
export function strayOpcuaOption(values: OpcuaClientValues): string | undefined {
  return OPCUA_CLIENT_OPTION_SPECS.find((o) => values[o.name as keyof OpcuaClientValues] !== undefined)?.name;
}

/** The settings the options give (each checked), the driver's defaults where none is given. */
export function opcuaClientTemplate(
  values: OpcuaClientValues,
  env: NodeJS.ProcessEnv = process.env,
): OpcuaClientTemplate {
  const security = values['opcua-client-security']?.trim() ?? OPCUA_CLIENT_DEFAULTS.security;
  if (!(OPCUA_SECURITY_MODES as readonly string[]).includes(security))
    throw new UsageError(
      `--opcua-client-security must be ${OPCUA_SECURITY_MODES.join(' or ')}; got '${security}'`,
    );
  const publishingIntervalMs =
    wholeIn(values, 'opcua-client-publish', 10, 10_000) ?? OPCUA_CLIENT_DEFAULTS.publishingIntervalMs;
  const openTimeoutMs = wholeIn(values, 'opcua-client-timeout', 1000, 60_000);
  const map = values['opcua-client-map']?.trim();
  if (map === '') throw new UsageError('--opcua-client-map needs a file name');
  return {
    security: security as OpcuaSecurityMode,
    publishingIntervalMs,
    ...(openTimeoutMs !== undefined ? { openTimeoutMs } : {}),
    pkiDir: values['opcua-client-pki']?.trim() || join(userConfigDir(env), 'opcua-pki'),
    ...(map ? { bindingsFile: map } : {}),
  };
}

/** An option's whole number from `min` to `max`, or undefined when it is not given. */
function wholeIn(
  values: OpcuaClientValues,
  name: 'opcua-client-publish' | 'opcua-client-timeout',
  min: number,
  max: number,
): number | undefined {
  const text = values[name];
  if (text === undefined) return undefined;
  const n = parseWholeNumber(`--${name}`, text);
  if (n < min || n > max) throw new UsageError(`--${name} must be from ${min} to ${max}; got '${text}'`);
  return n;
}
