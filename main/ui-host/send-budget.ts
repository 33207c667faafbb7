import { BRIDGE_MAX_MESSAGE_BYTES } from '../../shared/bridge/bridge-spec.js';

/** At most this much unread, a socket keeps up: it is never closed for what it has not read. */
export const CAUGHT_UP_BYTES = 1024 * 1024;
/** A socket behind that has taken nothing for this long has stopped reading. */
export const STALL_MS = 2000;
/** ...and this long, while the process's budget is spent. */
export const PRESSED_STALL_MS = 250;
/** The most one socket may hold unread: the largest message the bridge sends, and a little. */
export const MAX_SOCKET_BYTES = BRIDGE_MAX_MESSAGE_BYTES + CAUGHT_UP_BYTES;
/** What all the windows' sockets of a process may hold unread together, unless told otherwise. */
export const DEFAULT_SEND_BUDGET = 64 * 1024 * 1024;

/** A socket as the budget sees it: what it has not sent yet (ws's `bufferedAmount`). */
export interface Unread {
  readonly bufferedAmount: number;
}

/** One socket's share of a SendBudget. */
export interface SocketSends {
  /**
   * Whether a message of `bytes` may be queued now; when not, the socket was closed (its `stop`
   * called with why) for not reading. Call `sent()` right after queuing it.
   */
  admit(bytes: number): boolean;
  sent(): void;
  /** The socket is gone: it holds nothing of the budget any more. */
  close(): void;
}

class Share implements SocketSends {
  /** What it held unread when last looked at (after its last message was queued). */
  waiting = 0;
  lastProgressAt: number;
  open = true;

  constructor(
    private readonly budget: SendBudget,
    readonly socket: Unread,
    readonly stop: (reason: string) => void,
    now: number,
  ) {
    this.lastProgressAt = now;
  }

  /** Reads what it holds unread now: less than before (or little) is progress. */
  look(now: number): number {
    const amount = this.socket.bufferedAmount;
    if (amount < this.waiting || amount <= CAUGHT_UP_BYTES) this.lastProgressAt = now;
    this.waiting = amount;
    return amount;
  }

  admit(bytes: number): boolean {
    return this.budget.admit(this, bytes);
  }

  sent(): void {
    this.waiting = this.socket.bufferedAmount;
  }

  close(): void {
    this.budget.forget(this);
  }
}

/**
 * What the windows' sockets of one process may hold unread (docs/reliability.md, "The window's
 * WebSocket"). Each socket may take any message while it keeps up (at most CAUGHT_UP_BYTES
 * unread, which a window that reads always is between messages); once behind, it must go on
 * reading: one that takes nothing for STALL_MS, or holds more than MAX_SOCKET_BYTES, has stopped
 * reading and is closed. And all of them together hold at most the budget: when a message would
 * pass it, the sockets behind that took nothing for PRESSED_STALL_MS are closed first, the longest
 * stalled first. A lab gives its stations one budget (main/lab/start-lab.ts): ten students' tabs
 * that stop reading cost the process 64 MiB, not 64 MiB each.
 */
export class SendBudget {
  private readonly shares = new Set<Share>();

  constructor(
    readonly capacity: number = DEFAULT_SEND_BUDGET,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A socket joins; `stop` closes it (with the reason, for the log) when it stopped reading. */
  join(socket: Unread, stop: (reason: string) => void): SocketSends {
    const share = new Share(this, socket, stop, this.now());
    this.shares.add(share);
    return share;
  }

  /** What the sockets hold unread, as last looked at. */
  get held(): number {
    let sum = 0;
    for (const share of this.shares) sum += share.waiting;
    return sum;
  }

  /** @internal Share.admit */
  admit(share: Share, bytes: number): boolean {
    if (!share.open) return false;
    const now = this.now();
    const waiting = share.look(now);
    if (waiting > CAUGHT_UP_BYTES) {
      if (now - share.lastProgressAt > STALL_MS)
        return this.drop(share, `it read nothing of ${mib(waiting)} for ${STALL_MS / 1000} s`);
      if (waiting + bytes > MAX_SOCKET_BYTES)
        return this.drop(share, `it would hold ${mib(waiting + bytes)}`);
    }
    if (this.held + bytes > this.capacity) this.makeRoom(bytes, now);
    return share.open;
  }

  /** @internal Share.close */
  forget(share: Share): void {
    share.open = false;
    this.shares.delete(share);
  }

  /** Closes the sockets behind that have stalled, the longest stalled first, until `bytes` fit. */
  private makeRoom(bytes: number, now: number): void {
    for (const share of this.shares) share.look(now);
    const stalled = [...this.shares]
      .filter((s) => s.waiting > CAUGHT_UP_BYTES && now - s.lastProgressAt > PRESSED_STALL_MS)
      .sort((a, b) => a.lastProgressAt - b.lastProgressAt);
    for (const share of stalled) {
      if (this.held + bytes <= this.capacity) return;
      this.drop(
        share,
        `the windows' sockets hold ${mib(this.held)} and it read nothing of ${mib(share.waiting)}`,
      );
    }
  }

  private drop(share: Share, why: string): false {
    this.forget(share);
    share.stop(why);
    return false;
  }
}

function mib(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
