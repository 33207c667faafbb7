import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { ClockStatus } from '../../shared/bridge/control-spec.js';
import type {
  ModbusStatus,
  ServerStatus,
  SimulationStatus,
  StartupNotice,
  UiFileAccess,
} from '../../shared/bridge/bridge-spec.js';
import type { TrafficStats } from '../../shared/api/traffic-meter.js';
import type { UiRestrictions } from '../../shared/lab/restrictions.js';
import type { ClientDriverStatus } from '../../shared/drivers/driver-status.js';
import type { ModbusClientSettings } from '../../shared/drivers/modbus-client-settings.js';
import type { ConnectionSource, ConnectionState } from '../transport/connection.js';
import { Notifier } from './observable.js';
import { SimulationClock } from './simulation-model.js';
import { TagStore } from './tag-store.js';
import { errorMessage } from '../../shared/problems/message-text.js';

/**
 * Everything the window shows that comes from the core: tags, server status, traffic, pins, the
 * simulation and the connection. It loads the full state whenever the connection (re)opens and applies pushed
 * events in between; it never polls. Pure TypeScript: the components only read it.
 */
export class UiModel {
  readonly tags = new TagStore();
  readonly changes = new Notifier();
  server: ServerStatus | undefined;
  /** The Modbus TCP server, where the host serves one. */
  modbus: ModbusStatus | undefined;
  /** The drivers that connect out to a controller (the Modbus client), where the host runs any. */
  drivers: readonly ClientDriverStatus[] = [];
  /** The settings the Modbus client scans with, where the host runs one (its Settings form's). */
  modbusClient: ModbusClientSettings | undefined;
  stats: TrafficStats = { requestsPerSecond: 0, clients: 0 };
  pinned: readonly string[] = [];
  pinnedSet: ReadonlySet<string> = new Set();
  /** The simulation's status and time; its status is undefined where the host runs none. */
  readonly simulation: SimulationClock;
  connection: ConnectionState;
  /**
   * Whether the window may open and save files by path on the TagSim machine; undefined until
   * the first load, so the by-path commands only show once the host said they work.
   */
  fileAccess: UiFileAccess | undefined;
  /** What happened at the last reconnection (the host restarted, pins restored), until dismissed. */
  reconnectNote: string | undefined;
  /** What a lab's presets keep from this window (locked settings, no fault controls). */
  restrictions: UiRestrictions | undefined;
  /** Problems TagSim met while starting (presets, settings), until the person dismisses them. */
  notices: readonly StartupNotice[] = [];
  /** Set when the last full load failed (shown instead of the table until the next one). */
  loadError: string | undefined;
  private loading = 0;

  constructor(
    readonly client: BridgeClient,
    private readonly link: ConnectionSource,
    now: () => number = () => performance.now(),
  ) {
    this.connection = link.connection;
    this.simulation = new SimulationClock(now);
  }

  get loaded(): boolean {
    return this.tags.scene !== undefined;
  }

  /** The Modbus client's settings as its Settings form saved them (the host answered them). */
  setModbusClient(settings: ModbusClientSettings): void {
    this.modbusClient = settings;
    this.changes.notify();
  }

  /** Subscribes to the core; returns the function that stops. */
  start(): () => void {
    const stops = [
      this.client.on('tags', (event) => {
        if (this.tags.apply(event)) this.changes.notify();
      }),
      this.client.on('server', (status) => {
        this.server = status;
        this.changes.notify();
      }),
      this.client.on('modbus', (status) => {
        this.modbus = status;
        this.changes.notify();
      }),
      this.client.on('driver', (status) => {
        const others = this.drivers.filter((d) => d.driver !== status.driver);
        this.drivers = [...others, status].sort((a, b) => a.driver.localeCompare(b.driver));
        this.changes.notify();
      }),
      this.client.on('stats', (stats) => {
        this.stats = stats;
        this.changes.notify();
      }),
      this.client.on('pinned', (ids) => this.setPinned(ids)),
      this.client.on('simulation', (status) => this.setSimulation(status)),
      this.client.on('clock', (clock) => this.setClock(clock)),
      this.link.onConnection((state) => {
        this.connection = state;
        this.changes.notify();
        if (state.status === 'connected') {
          const again = this.everConnected;
          this.everConnected = true;
          void this.reload({ reconnected: again });
        }
      }),
    ];
    if (this.connection.status === 'connected') {
      this.everConnected = true;
      void this.reload();
    }
    return () => stops.forEach((stop) => stop());
  }

  /**
   * Loads the whole state. A newer load supersedes an older one still in flight. After a
   * reconnection, pins the host lost (it restarted: `tagsim serve` keeps pins in memory) are
   * pinned again, and `reconnectNote` says what happened.
   */
  async reload(options: { reconnected?: boolean } = {}): Promise<void> {
    const ticket = ++this.loading;
    const pinnedBefore = this.pinned;
    try {
      const state = await this.client.getState(undefined);
      if (ticket !== this.loading) return;
      if (options.reconnected)
        void this.afterReconnect(
          pinnedBefore,
          state.pinned,
          state.tags.map((t) => t.id),
        );
      this.tags.reset(state.scene, state.tags);
      this.server = state.server;
      this.modbus = state.modbus;
      this.drivers = state.drivers ?? [];
      this.modbusClient = state.modbusClient;
      this.stats = state.stats;
      this.fileAccess = state.fileAccess;
      this.restrictions = state.restrictions;
      if (!this.noticesDismissed) this.notices = state.notices ?? [];
      this.loadError = undefined;
      this.simulation.mode = state.clock ?? 'real';
      this.simulation.set(state.simulation);
      this.setPinned(state.pinned);
    } catch (error) {
      if (ticket !== this.loading) return;
      this.loadError = errorMessage(error);
      this.changes.notify();
    }
  }

  /** Hides the start-up problems for the rest of this window's life (a reload keeps them hidden). */
  dismissNotices(): void {
    this.noticesDismissed = true;
    this.notices = [];
    this.changes.notify();
  }

  private noticesDismissed = false;

  private async afterReconnect(before: readonly string[], now: readonly string[], ids: readonly string[]) {
    const known = new Set(ids);
    const lost = now.length === 0 ? before.filter((id) => known.has(id)) : [];
    for (const id of lost) await this.client.setPinned({ id, pinned: true }).catch(() => undefined);
    this.reconnectNote =
      lost.length > 0
        ? `TagSim restarted. The window reconnected by itself and pinned your ${lost.length === 1 ? 'quick fault' : `${lost.length} quick faults`} again.`
        : 'The connection to TagSim was lost and is back; every tag was reloaded.';
    this.changes.notify();
  }

  /** Hides the note about the last reconnection. */
  dismissReconnectNote(): void {
    this.reconnectNote = undefined;
    this.changes.notify();
  }

  private everConnected = false;

  isPinned(id: string): boolean {
    return this.pinnedSet.has(id);
  }

  /** A status from the host: an event, or the answer to Run, Pause, Reset or a time scale. */
  setSimulation(status: SimulationStatus): void {
    this.simulation.set(status);
    this.changes.notify();
  }

  /** The clock from the host: a switch, a virtual advance, or the answer to a clock control. */
  setClock(clock: ClockStatus): void {
    this.simulation.mode = clock.mode;
    this.setSimulation(clock.simulation);
  }

  private setPinned(ids: readonly string[]): void {
    this.pinned = ids;
    this.pinnedSet = new Set(ids);
    this.changes.notify();
  }
}
