import { join } from 'node:path';
import { userConfigDir } from '../storage/config-dir.js';
import { isKeptTokenWellFormed, newAccessToken } from '../net/access-token.js';
import { fileProblemOf, readTextFile } from '../storage/read-text-file.js';
import { writeFileAtomic } from '../storage/write-file-atomic.js';

/**
 * Where `tagsim serve --ui` keeps its window's access token between starts: TAGSIM_UI_TOKEN_FILE,
 * else the user's config folder (`%APPDATA%\\TagSim`, `$XDG_CONFIG_HOME/tagsim` or
 * `~/.config/tagsim`). A token that outlives a restart lets a window left open reconnect by
 * itself; deleting the file makes a new one (and shuts out every window that had the old).
 */
export function uiTokenFile(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env['TAGSIM_UI_TOKEN_FILE']) return env['TAGSIM_UI_TOKEN_FILE'];
  return join(userConfigDir(env, platform), 'ui-token');
}

/**
 * The token kept in `file`, or a new random one (18 bytes) written there, readable by the user
 * only. A file that cannot be written, or something at its path that is no file, costs only the
 * reconnection: the token still works for this start.
 */
export async function loadOrCreateUiToken(file: string): Promise<string> {
  let keep = true;
  const kept = await readTextFile(file).then(
    ({ text }) => text.trim(),
    (error: unknown) => {
      // Something there that is no file (a looping link, a folder) is the user's: leave it be.
      keep = fileProblemOf(error) !== 'unreachable';
      return undefined;
    },
  );
  if (kept !== undefined && isKeptTokenWellFormed(kept)) return kept;
  const token = newAccessToken();
  if (keep) await writeFileAtomic(file, `${token}\n`, { mode: 0o600 }).catch(() => undefined);
  return token;
}
