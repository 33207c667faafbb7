import { parseBindingsCsv, type OpcuaClientSettings } from '../../shared/drivers/opcua-client-settings.js';
import { readTextFile } from '../storage/read-text-file.js';

/**
 * Settings with their bindings CSV read (`--opcua-client-map`, a desktop setting's
 * `bindingsFile`; docs/opcua.md#binding-tags-to-nodes). A file with problems throws them, with
 * their lines, in one message naming the file.
 */
export async function withBindingsFile<T extends { bindingsFile?: string }>(
  settings: T,
): Promise<Omit<T, 'bindingsFile'> & Pick<OpcuaClientSettings, 'bindings'>> {
  const { bindingsFile, ...rest } = settings;
  if (bindingsFile === undefined) return rest;
  const parsed = parseBindingsCsv((await readTextFile(bindingsFile)).text);
  if ('problems' in parsed) throw new Error(`${bindingsFile}: ${parsed.problems.join('; ')}`);
  return { ...rest, bindings: parsed.bindings };
}
