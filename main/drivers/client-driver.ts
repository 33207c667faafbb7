import type { ClientDriverName, ClientDriverStatus } from '../../shared/drivers/driver-status.js';
import { Emitter } from '../../shared/core/emitter.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * One connection of a client driver to its controller, as its protocol made it: `closed` settles
 * with the reason in a person's words when the connection ends (the controller went away, sent
 * what the protocol forbids, stopped answering), and `close()` ends it from this side.
 */
export interface DriverLink {
  readonly closed: Promise<string>;
  close(): void;
  /** What this connection found, in a few words (`12 tags bound`), shown while it lasts. */
  readonly detail?: string;
  /** What the controller refused as the connection was made (`2 nodes not found: ...`). */
  readonly warning?: string;
}

/** Waits: a timer that can be cancelled (the tests' virtual timers take its place). */
export interface DriverTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const REAL_TIMERS: DriverTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => performance.now(),
};

/**
 * Reconnecting: the first retry after FIRST_RETRY_MS, each further one twice as late, up to
 * MAX_RETRY_MS. A controller being downloaded to comes back within seconds and is found again
 * within half a second; one that stays away is asked every 10 s, which costs nothing.
 */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 10_000;
/** A connection that lasted this long was a working one: the next loss retries soon again. */
const STABLE_MS = 5_000;

export interface ClientDriverOptions {
  readonly driver: ClientDriverName;
  /** The controller, as the status shows it at first (`retarget` changes it): `192.168.0.10:502`. */
  readonly target: string;
  /** The settings in a few words: `unit 1, every 10 ms`. */
  readonly detail: string;
  /** Opens one connection; rejects with an error whose message says why (`connection refused`). */
  readonly open: () => Promise<DriverLink>;
  readonly timers?: DriverTimers;
}

/**
 * The life every client driver shares (docs/architecture.md, "Drivers"): connect when asked,
 * report each state, and when the controller goes away keep everything else serving, show
 * "disconnected" and reconnect with back-off until told to disconnect. What runs over a
 * connection (a Modbus scan, an OPC UA subscription) is the link's own business.
 */
export class ClientDriver {
  private current: ClientDriverStatus;
  private wanted = false;
  private link: DriverLink | undefined;
  private retryTimer: unknown;
  private failures = 0;
  /** Counts connection attempts, so that an outcome of one abandoned is ignored. */
  private attempt = 0;
  private readonly timers: DriverTimers;
  private shown: Pick<ClientDriverStatus, 'target' | 'detail'>;
  private readonly statusEvents = new Emitter<ClientDriverStatus>((e) => this.errors.emit(e));
  readonly errors = new Emitter<unknown>(() => undefined);

  constructor(private readonly options: ClientDriverOptions) {
    this.timers = options.timers ?? REAL_TIMERS;
    this.shown = { target: options.target, detail: options.detail };
    this.current = {
      driver: options.driver,
      state: 'stopped',
      target: options.target,
      detail: options.detail,
    };
  }

  get status(): ClientDriverStatus {
    return this.current;
  }

  onStatus(listener: (status: ClientDriverStatus) => void): () => void {
    return this.statusEvents.on(listener);
  }

  /** Starts connecting (a driver already connected or trying stays as it is). */
  connect(): ClientDriverStatus {
    if (this.wanted) return this.current;
    this.wanted = true;
    this.failures = 0;
    void this.tryConnect();
    return this.current;
  }

  /** Closes the connection and stops reconnecting. */
  disconnect(): ClientDriverStatus {
    this.wanted = false;
    this.attempt++;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const link = this.link;
    this.link = undefined;
    link?.close();
    this.set({ state: 'stopped' });
    return this.current;
  }

  /**
   * Connects anew at once, as after a Disconnect and Connect (another scene to bind): a driver
   * that is stopped stays stopped.
   */
  reconnect(): void {
    if (!this.wanted) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const link = this.link;
    this.link = undefined;
    this.failures = 0;
    void this.tryConnect();
    link?.close();
  }

  /**
   * Another controller or other settings (the window's Settings form): the status names them at
   * once, and a driver that is connected or trying connects anew to them.
   */
  retarget(target: string, detail: string): void {
    this.shown = { target, detail };
    if (this.wanted) this.reconnect();
    else this.set({ state: 'stopped' });
  }

  /** Connected, but the controller refuses part of the exchange (or no longer does: undefined). */
  warn(warning: string | undefined): void {
    if (this.current.state !== 'connected' || this.current.warning === warning) return;
    this.set({ state: 'connected', ...(warning !== undefined ? { warning } : {}) });
  }

  private async tryConnect(): Promise<void> {
    const attempt = ++this.attempt;
    this.set({ state: 'connecting' });
    let link: DriverLink;
    try {
      link = await this.options.open();
    } catch (error) {
      if (attempt === this.attempt) this.lost(errorMessage(error), false);
      return;
    }
    if (attempt !== this.attempt) return void link.close();
    this.link = link;
    const since = this.timers.now();
    this.set({ state: 'connected', ...(link.warning !== undefined ? { warning: link.warning } : {}) });
    const reason = await link.closed;
    if (attempt !== this.attempt) return;
    this.link = undefined;
    this.lost(reason, this.timers.now() - since >= STABLE_MS);
  }

  /** The connection ended or could not be made: say why, and try again after the back-off. */
  private lost(reason: string, wasStable: boolean): void {
    if (!this.wanted) return;
    this.failures = wasStable ? 0 : this.failures + 1;
    const retryInMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, this.failures - 1));
    this.set({ state: 'disconnected', error: reason, retryInMs });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = undefined;
      if (this.wanted) void this.tryConnect();
    }, retryInMs);
  }

  private set(change: Pick<ClientDriverStatus, 'state' | 'error' | 'retryInMs' | 'warning'>): void {
    const { target } = this.shown;
    const detail = (change.state === 'connected' && this.link?.detail) || this.shown.detail;
    this.current = { driver: this.options.driver, target, detail, ...change };
    this.statusEvents.emit(this.current);
  }
}
