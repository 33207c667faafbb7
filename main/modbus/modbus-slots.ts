/**
 * Who keeps a Modbus connection slot when every slot is taken. A slot is held by a client that
 * sends requests; one that has gone a while without a whole request (silent, or trickling a frame
 * byte by byte) gives its slot to a newcomer, so a few slow clients cannot lock everyone out.
 */

/** A connection as the slot keeper sees it: since when it has waited for a whole request. */
export interface SlotHolder {
  /** performance.now() of its connection or of its last whole request, whichever is later. */
  readonly waitingSinceMs: number;
}

/** A connection must have waited this long for a whole request before a newcomer may take its slot. */
export const EVICT_AFTER_MS = 1000;

/**
 * The holder whose slot a newcomer takes: the one that has waited longest for a whole request,
 * if that is at least `evictAfterMs`; `undefined` means the newcomer is refused.
 */
export function slotToFree<T extends SlotHolder>(
  holders: Iterable<T>,
  nowMs: number,
  evictAfterMs = EVICT_AFTER_MS,
): T | undefined {
  let oldest: T | undefined;
  for (const holder of holders)
    if (oldest === undefined || holder.waitingSinceMs < oldest.waitingSinceMs) oldest = holder;
  return oldest !== undefined && nowMs - oldest.waitingSinceMs >= evictAfterMs ? oldest : undefined;
}
