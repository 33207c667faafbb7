import type { ActionResult } from '../../shared/bridge/bridge-spec.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * Runs a per-tag action and returns what to show inline: the host's item error message (the
 * API's own wording), the transport's error, or `undefined` on success.
 */
export async function runAction(action: () => Promise<ActionResult | void>): Promise<string | undefined> {
  try {
    const result = await action();
    return result ? result.error : undefined;
  } catch (error) {
    return errorMessage(error);
  }
}
