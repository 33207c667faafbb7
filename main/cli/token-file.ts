import { isKeptTokenWellFormed } from '../net/access-token.js';
import { printablePath, readTextFile } from '../storage/read-text-file.js';

/**
 * A token kept in a file (docs/deploy.md: a Kubernetes Secret), so that it is known before the
 * process starts and stays the same across restarts: `tagsim lab --token-file`, `tagsim class`'s
 * own and its labs'. The rule of a kept token: 16 to 128 letters, digits, `-` or `_` (a new
 * token is 24), surrounding blanks ignored. The token itself is never printed.
 */
export async function readToken(path: string, what: string): Promise<string> {
  const token = (await readTextFile(path)).text.trim();
  if (!isKeptTokenWellFormed(token))
    throw new Error(
      `${what} ${printablePath(path)}: the token must be 16 to 128 letters, digits, '-' or '_' (the file holds ${token.length} characters)`,
    );
  return token;
}
