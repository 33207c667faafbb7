// What the window sockets of a process may hold unread (docs/reliability.md, "The window's
// WebSocket"): sockets that keep up take any message, a socket that stops reading is closed
// before it holds much, and all of them together stay within one budget. Sockets are stand-ins
// whose unread bytes the test sets; the clock is the test's.
import { describe, expect, it } from 'vitest';
import {
  CAUGHT_UP_BYTES,
  MAX_SOCKET_BYTES,
  PRESSED_STALL_MS,
  SendBudget,
  STALL_MS,
} from '../../main/ui-host/send-budget.js';

const MiB = 1024 * 1024;

function setup(capacity = 64 * MiB) {
  let now = 0;
  const budget = new SendBudget(capacity, () => now);
  const closed: string[] = [];
  const socket = (name: string) => {
    const state = { bufferedAmount: 0 };
    const sends = budget.join(state, (why) => closed.push(`${name}: ${why}`));
    /** Queues a message as the host does: asks, then the socket holds it until it is read. */
    const send = (bytes: number) => {
      if (!sends.admit(bytes)) return false;
      state.bufferedAmount += bytes;
      sends.sent();
      return true;
    };
    const read = (bytes: number) => (state.bufferedAmount = Math.max(0, state.bufferedAmount - bytes));
    return { state, sends, send, read };
  };
  return { budget, closed, socket, advance: (ms: number) => (now += ms) };
}

describe('a window socket that keeps up', () => {
  it('takes any message the bridge sends, a 17 MiB scene included, and the events after it while it reads', () => {
    const { closed, socket, advance } = setup();
    const page = socket('page');
    expect(page.send(17 * MiB)).toBe(true);
    // It reads the big answer bit by bit while the tag events go on, 30 a second, for 10 s.
    for (let i = 0; i < 300; i++) {
      advance(33);
      page.read(64 * 1024);
      expect(page.send(400)).toBe(true);
    }
    expect(closed).toEqual([]);
  });
});

describe('a window socket that stops reading', () => {
  it('is closed once it has read nothing of what it holds for a while', () => {
    const { closed, socket, advance } = setup();
    const page = socket('page');
    for (let i = 0; i < 10; i++) expect(page.send(256 * 1024)).toBe(true);
    advance(STALL_MS - 1);
    expect(page.send(100)).toBe(true);
    advance(2);
    expect(page.send(100)).toBe(false);
    expect(closed).toEqual(['page: it read nothing of 2.5 MiB for 2 s']);
    // Closed is closed: nothing more is queued for it.
    expect(page.send(100)).toBe(false);
  });

  it('is closed before it holds more than one largest message and a little, however fast it is sent', () => {
    const { closed, socket } = setup();
    const page = socket('page');
    let sent = 0;
    while (page.send(256 * 1024)) sent += 256 * 1024;
    expect(sent).toBeLessThanOrEqual(MAX_SOCKET_BYTES);
    expect(sent).toBeGreaterThan(MAX_SOCKET_BYTES - 256 * 1024);
    expect(closed).toHaveLength(1);
  });

  it('that holds little is never closed for it, however long it waits', () => {
    const { closed, socket, advance } = setup();
    const page = socket('page');
    page.send(CAUGHT_UP_BYTES);
    advance(60_000);
    expect(page.send(100)).toBe(true);
    expect(closed).toEqual([]);
  });
});

describe("the process's budget", () => {
  it('closes the sockets behind that stalled, longest stalled first, to make room; never one that reads', () => {
    const { budget, closed, socket, advance } = setup(16 * MiB);
    const [a, b, reader] = [socket('a'), socket('b'), socket('reader')];
    for (let i = 0; i < 6; i++) a.send(MiB);
    advance(10);
    for (let i = 0; i < 6; i++) b.send(MiB);
    advance(PRESSED_STALL_MS + 1);
    // The reader is behind too, but reads: it keeps its place.
    reader.send(3 * MiB);
    reader.read(MiB);
    expect(reader.send(3 * MiB)).toBe(true);
    expect(closed).toEqual(["a: the windows' sockets hold 14.0 MiB and it read nothing of 6.0 MiB"]);
    reader.read(MiB);
    expect(reader.send(7 * MiB)).toBe(true);
    expect(closed.map((c) => c.split(':')[0])).toEqual(['a', 'b']);
    expect(budget.held).toBe(11 * MiB);
  });

  it("lets a socket's share go with it", () => {
    const { budget, socket } = setup();
    const page = socket('page');
    page.send(5 * MiB);
    expect(budget.held).toBe(5 * MiB);
    page.sends.close();
    expect(budget.held).toBe(0);
  });
});
