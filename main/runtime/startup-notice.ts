import type { StartupNotice } from '../../shared/bridge/bridge-spec.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/** A problem met at start, as the window shows it: the file, and the message without its prefix. */
export function startupNotice(file: string, error: unknown): StartupNotice {
  const message = errorMessage(error);
  return { file, message };
}
