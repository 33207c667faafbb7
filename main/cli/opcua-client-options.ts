import { join } from 'node:path';
import {
  endpointProblem,
  OPCUA_CLIENT_DEFAULTS,
  OPCUA_SECURITY_MODES,
  parseBindingsCsv,
  type OpcuaClientSettings,
  type OpcuaSecurityMode,
} from '../../shared/opcua/client-settings.js';
import { userConfigDir } from '../storage/config-dir.js';
import { readTextFile } from '../storage/read-text-file.js';
import type { OptionSpec } from './option-spec.js';
import { parseWholeNumber, UsageError } from './option-values.js';

/** The OPC UA client's options (docs/opcua.md): their table and how they are read. */
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
    },
  },
  {
    name: 'opcua-client-map',
    type: 'string',
    value: '<file.csv>',
    help: { serve: ['Bind the tags a CSV names (tag,nodeId per line) instead of by node name'] },
  },
  {
    name: 'opcua-client-security',
    type: 'string',
    value: `<${OPCUA_SECURITY_MODES.join('|')}>`,
    help: {
      serve: [
        `${OPCUA_SECURITY_MODES.join(' or ')} (Basic256Sha256, with TagSim's certificate;`,
        `default ${OPCUA_CLIENT_DEFAULTS.security})`,
      ],
    },
  },
  {
    name: 'opcua-client-publish',
    type: 'string',
    value: '<ms>',
    help: {
      serve: [
        `How often changes travel each way, 10 to 10000 (default ${OPCUA_CLIENT_DEFAULTS.publishingIntervalMs})`,
      ],
    },
  },
  {
    name: 'opcua-client-pki',
    type: 'string',
    value: '<dir>',
    help: {
      serve: [
        "The folder of TagSim's certificate and the servers it trusts (default: in the user's settings)",
      ],
    },
  },
];

/** The values of OPCUA_CLIENT_OPTION_SPECS as the parser gives them. */
export interface OpcuaClientValues {
  'opcua-client'?: string;
  'opcua-client-map'?: string;
  'opcua-client-security'?: string;
  'opcua-client-publish'?: string;
  'opcua-client-pki'?: string;
}

/** What the command line asked of the OPC UA client; its bindings file is read when serving. */
export type OpcuaClientCommand = Omit<OpcuaClientSettings, 'bindings'> & { bindingsFile?: string };

/** The OPC UA client asked for, or undefined without --opcua-client. */
export function opcuaClientOptions(
  values: OpcuaClientValues,
  env: NodeJS.ProcessEnv = process.env,
): OpcuaClientCommand | undefined {
  const url = values['opcua-client'];
  if (url === undefined) {
    const stray = OPCUA_CLIENT_OPTION_SPECS.find(
      (o) => values[o.name as keyof OpcuaClientValues] !== undefined,
    );
    if (stray) throw new UsageError(`--${stray.name} goes with --opcua-client`);
    return undefined;
  }
  const problem = endpointProblem(url.trim());
  if (problem) throw new UsageError(`--opcua-client ${problem}`);
  const security = values['opcua-client-security']?.trim() ?? OPCUA_CLIENT_DEFAULTS.security;
  if (!(OPCUA_SECURITY_MODES as readonly string[]).includes(security))
    throw new UsageError(
      `--opcua-client-security must be ${OPCUA_SECURITY_MODES.join(' or ')}; got '${security}'`,
    );
  const publish = values['opcua-client-publish'];
  const publishingIntervalMs =
    publish === undefined
      ? OPCUA_CLIENT_DEFAULTS.publishingIntervalMs
      : parseWholeNumber('--opcua-client-publish', publish);
  if (publishingIntervalMs < 10 || publishingIntervalMs > 10_000)
    throw new UsageError(`--opcua-client-publish must be from 10 to 10000; got '${publish}'`);
  const map = values['opcua-client-map']?.trim();
  if (map === '') throw new UsageError('--opcua-client-map needs a file name');
  return {
    endpointUrl: url.trim(),
    security: security as OpcuaSecurityMode,
    publishingIntervalMs,
    pkiDir: values['opcua-client-pki']?.trim() || join(userConfigDir(env), 'opcua-pki'),
    ...(map ? { bindingsFile: map } : {}),
  };
}

/** The settings, with the bindings file read; a file with problems throws them in one message. */
export async function opcuaClientSettings(command: OpcuaClientCommand): Promise<OpcuaClientSettings> {
  const { bindingsFile, ...settings } = command;
  if (bindingsFile === undefined) return settings;
  const parsed = parseBindingsCsv((await readTextFile(bindingsFile)).text);
  if ('problems' in parsed) throw new Error(`${bindingsFile}: ${parsed.problems.join('; ')}`);
  return { ...settings, bindings: parsed.bindings };
}
