import { isIP } from 'node:net';
import type { UiFileAccess } from '../../shared/bridge/bridge-spec.js';

/**
 * The browser UI's file access (docs/security.md): through the window, anyone with its address
 * and token could open and save files by path as the user running TagSim. That is the local user
 * while TagSim listens on a loopback address only; on any other address (0.0.0.0 in a lab) it is
 * whoever got the URL, so the window keeps to uploads and downloads unless told otherwise.
 */

/** True for an address only this machine can reach: 127.0.0.0/8, ::1 (also bracketed), localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  // The URL parser writes an IPv6 address in its shortest form: 0:0:0:0:0:0:0:1 becomes ::1.
  return isIP(bare) === 6 && new URL(`http://[${bare}]/`).hostname === '[::1]';
}

/** The default for a browser UI bound to `host`, or 'any' when the person allowed it (--ui-files). */
export function uiFileAccessFor(host: string, allowed = false): UiFileAccess {
  return allowed || isLoopbackHost(host) ? 'any' : 'none';
}

/** Why the window cannot use files by path, in one line, with what to do instead. */
export function uiFilesRefusal(host: string): string {
  const why = isLoopbackHost(host) ? '' : ` (it listens on ${host})`;
  return (
    `This TagSim's browser window cannot open or save files on the server${why}; ` +
    'use Open file… and the downloads instead, or start TagSim with --ui-files.'
  );
}

/** The line `tagsim serve --ui` prints at start when the window's file access is off. */
export function uiFilesOffNotice(host: string): string {
  return (
    `UI file access: off, because TagSim listens on ${host} and anyone with the UI address could ` +
    'read and write files here; the window uploads and downloads instead (--ui-files turns it on).'
  );
}
