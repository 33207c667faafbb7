import { parseHost, parsePort, UsageError } from './option-values.js';
import type { OptionSpec } from './option-spec.js';

/** Where the class view listens when --port is not given: beside the image's lab dashboard (7474). */
export const DEFAULT_CLASS_PORT = 7475;

/** The options only `tagsim class` takes (docs/deploy.md); it also takes --port, --host and --token-file. */
export const CLASS_OPTION_SPECS: readonly OptionSpec[] = [
  {
    name: 'labs',
    type: 'string',
    value: '<file>',
    help: { class: ["The class file: each lab's name, dashboard address, token file, station count"] },
  },
];

export interface ClassCommandValues {
  labs?: string;
  port?: string;
  host?: string;
  'token-file'?: string;
}

/** `tagsim class`: one dashboard over the stations of several `tagsim lab` processes. */
export interface ClassCommand {
  command: 'class';
  labs: string;
  host: string;
  port: number;
  /** The class view's own token's file; a new token when absent. */
  tokenFile: string | undefined;
}

export function classCommand(values: ClassCommandValues): ClassCommand {
  const labs = values.labs?.trim();
  if (!labs)
    throw new UsageError('tagsim class needs --labs <file>: the lab processes of the class (docs/deploy.md)');
  const tokenFile = values['token-file']?.trim();
  if (tokenFile === '') throw new UsageError('--token-file needs a file name');
  return {
    command: 'class',
    labs,
    host: parseHost(values.host),
    port: values.port === undefined ? DEFAULT_CLASS_PORT : parsePort(values.port),
    tokenFile,
  };
}
