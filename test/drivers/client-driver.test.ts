// ClientDriver.reconnect (docs/architecture.md, "Drivers"): another scene opened makes a driver
// that is wanted connect anew at once: the old link closed, a retry pending forgotten, the
// back-off started over; a driver the user stopped stays stopped. Virtual timers, fake links.
import { describe, expect, it } from 'vitest';
import { ClientDriver, type DriverLink, type DriverTimers } from '../../main/drivers/client-driver.js';

class VirtualTimers implements DriverTimers {
  private nowMs = 0;
  readonly pending = new Map<number, { at: number; callback: () => void }>();
  private next = 1;
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.nowMs + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  now(): number {
    return this.nowMs;
  }
}

interface FakeLink extends DriverLink {
  closedBy: string | undefined;
}

/** A driver whose every open succeeds (or fails, while `refusing`), with the links it made. */
function driverWithLinks() {
  const timers = new VirtualTimers();
  const links: FakeLink[] = [];
  const state = { refusing: false };
  const driver = new ClientDriver({
    driver: 'opcuaClient',
    target: 'opc.tcp://plc:4840',
    detail: 'security None',
    timers,
    open: async () => {
      if (state.refusing) throw new Error('connection refused');
      let end!: (reason: string) => void;
      const link: FakeLink = {
        closed: new Promise<string>((resolve) => (end = resolve)),
        closedBy: undefined,
        close: () => {
          link.closedBy ??= 'TagSim';
          end('disconnected');
        },
        detail: `link ${links.length + 1}`,
      };
      links.push(link);
      return link;
    },
  });
  return { driver, timers, links, state };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ClientDriver.reconnect', () => {
  it('closes the connection it has and makes a new one at once', async () => {
    const { driver, links } = driverWithLinks();
    driver.connect();
    await settle();
    expect(driver.status).toMatchObject({ state: 'connected', detail: 'link 1' });
    driver.reconnect();
    await settle();
    expect(links[0]!.closedBy).toBe('TagSim');
    expect(links).toHaveLength(2);
    // The first link's end is not taken for a loss: no disconnected, no retry.
    expect(driver.status).toMatchObject({ state: 'connected', detail: 'link 2' });
  });

  it('forgets a retry pending and starts the back-off over', async () => {
    const { driver, timers, state } = driverWithLinks();
    state.refusing = true;
    driver.connect();
    await settle();
    expect(driver.status).toMatchObject({ state: 'disconnected', retryInMs: 500 });
    driver.reconnect();
    await settle();
    // One pending retry (the new attempt's), and it waits 500 ms again, not 1000.
    expect(timers.pending.size).toBe(1);
    expect(driver.status).toMatchObject({ state: 'disconnected', retryInMs: 500 });
  });

  it('leaves a stopped driver stopped', async () => {
    const { driver, links } = driverWithLinks();
    driver.connect();
    await settle();
    driver.disconnect();
    driver.reconnect();
    await settle();
    expect(driver.status.state).toBe('stopped');
    expect(links).toHaveLength(1);
  });
});
