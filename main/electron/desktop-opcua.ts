import { join } from 'node:path';
import {
  OPCUA_CLIENT_DEFAULTS,
  type OpcuaClientSetting,
  type OpcuaClientSettings,
} from '../../shared/drivers/opcua-client-settings.js';
import { withBindingsFile } from '../opcua/bindings-file.js';

/**
 * The desktop's `opcuaClient` setting as the driver takes it (docs/desktop.md): TagSim's
 * certificate in the app's own folder (`opcua-pki` beside settings.json), the bindings CSV read.
 * A CSV that cannot be used is told (`problem`, which the window shows) and the driver binds as
 * without one: the scene's saved items, else by name. A desktop always starts.
 */
export async function desktopOpcuaClient(
  setting: OpcuaClientSetting,
  userDataDir: string,
  problem: (file: string, error: unknown) => void,
): Promise<OpcuaClientSettings> {
  const { bindingsFile, ...rest } = setting;
  const settings: OpcuaClientSettings = {
    ...rest,
    security: rest.security ?? OPCUA_CLIENT_DEFAULTS.security,
    publishingIntervalMs: rest.publishingIntervalMs ?? OPCUA_CLIENT_DEFAULTS.publishingIntervalMs,
    pkiDir: join(userDataDir, 'opcua-pki'),
  };
  if (bindingsFile === undefined) return settings;
  try {
    return await withBindingsFile({ ...settings, bindingsFile });
  } catch (error) {
    problem(bindingsFile, error);
    return settings;
  }
}
