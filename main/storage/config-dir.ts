import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The user's own folder for what `tagsim serve` keeps between starts (the window's token, the OPC
 * UA client's certificate): `%APPDATA%\\TagSim` on Windows, else `$XDG_CONFIG_HOME/tagsim` or
 * `~/.config/tagsim`. The desktop app keeps the same things in Electron's userData folder.
 */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (platform === 'win32' && env['APPDATA']) return join(env['APPDATA'], 'TagSim');
  return join(env['XDG_CONFIG_HOME'] || join(homedir(), '.config'), 'tagsim');
}
