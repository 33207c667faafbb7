import type { ChaosRules } from '../../shared/api/chaos-rules.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import { urlHost } from '../../shared/core/url-host.js';
import { withSavedClient, type ModbusClientSettings } from '../../shared/drivers/modbus-client-settings.js';
import { modbusClientPlan, type ModbusClientPlan } from '../../shared/modbus/client-plan.js';
import type { ModbusLayout } from '../../shared/modbus/modbus-layout.js';
import { ClientDriver, type DriverLink, type DriverTimers } from '../drivers/client-driver.js';
import type { RequestJournal } from '../journal/request-journal.js';
import { ClientScanJournal, SCAN_METHOD, type OutputChange } from './client-journal.js';
import { ModbusAnswerError } from './client-pdu.js';
import { scanOnce, type ScanOutcome } from './client-scan.js';
import { ModbusClientTransport } from './client-transport.js';
import { EngineModbusData } from './engine-modbus-data.js';

/** What a Modbus client shares with the rest of its TagSim: the control API's journal and chaos. */
export interface ModbusClientDeps {
  readonly journal?: RequestJournal;
  readonly chaos?: ChaosRules;
  readonly timers?: DriverTimers;
}

/**
 * The Modbus TCP/IP Client driver (docs/modbus.md#the-modbus-tcpip-client): TagSim connects to
 * the controller's Modbus server and, every scan, writes the plant's sensors to it and reads its
 * actuators back, through the engine's own read and write, so forces, failures, the journal and
 * chaos apply as to every other way in. Its life (connect, lose, reconnect) is the ClientDriver's.
 */
export class ModbusClient {
  readonly driver: ClientDriver;
  private current!: ModbusClientSettings;
  private data!: EngineModbusData;
  private journal: ClientScanJournal | undefined;
  private path = '';
  private plan: { layout: ModbusLayout; plan: ModbusClientPlan } | undefined;

  constructor(
    private readonly engine: TagEngine,
    settings: ModbusClientSettings,
    private readonly deps: ModbusClientDeps = {},
  ) {
    const { target, detail } = this.use(settings);
    this.driver = new ClientDriver({
      driver: 'modbusClient',
      target,
      detail,
      open: () => this.open(),
      ...(deps.timers ? { timers: deps.timers } : {}),
    });
  }

  /** The settings the client scans with (the scene's saved ones fill what they leave out). */
  get settings(): ModbusClientSettings {
    return this.current;
  }

  /**
   * Scans with other settings from now on (the window's Settings form): a client connected or
   * trying reconnects to the controller they name, one stopped stays stopped.
   */
  reconfigure(settings: ModbusClientSettings): void {
    const { target, detail } = this.use(settings);
    this.driver.retarget(target, detail);
  }

  /** Takes `settings` as the ones to scan with; returns what the status shows of them. */
  private use(settings: ModbusClientSettings): { target: string; detail: string } {
    const { host, port, slaveId, scanTimeMs } = settings;
    const target = `${urlHost(host)}:${port}`;
    this.current = settings;
    this.path = `modbus-client://${target}/unit/${slaveId}`;
    this.plan = undefined;
    // The scene's own client map, where it saved one; its ScaleFactor unless one is given.
    this.data = new EngineModbusData(this.engine, {
      driver: 'client',
      ...(settings.scaleFactor !== undefined ? { scaleFactor: settings.scaleFactor } : {}),
    });
    const { journal } = this.deps;
    this.journal = journal && new ClientScanJournal(this.engine, this.data, journal, this.path);
    return { target, detail: `unit ${slaveId}, every ${scanTimeMs} ms` };
  }

  /** The tables of the scene served now, as the client lays them out. */
  get layout(): ModbusLayout {
    return this.data.layout;
  }

  /**
   * The scan of the scene served now: the settings given, and where they are silent the scene's
   * saved client settings (docs/modbus.md#a-scenes-saved-client-settings), else its map's counts.
   */
  get currentPlan(): ModbusClientPlan {
    const layout = this.data.layout;
    if (this.plan?.layout !== layout) {
      const settings = withSavedClient(this.settings, this.data.savedDrivers?.ModbusTCPClient);
      this.plan = { layout, plan: modbusClientPlan(settings, layout) };
    }
    return this.plan.plan;
  }

  private async open(): Promise<DriverLink> {
    const { host, port, timeoutMs } = this.settings;
    const transport = await ModbusClientTransport.open({ host, port, timeoutMs });
    const loop = new ScanLoop(this, transport);
    void loop.run();
    return {
      closed: transport.closed,
      close: () => {
        loop.stop();
        transport.close();
      },
    };
  }

  /** One scan, chaos first: a rule may hold it, drop it, or drop the connection. */
  async scan(transport: ModbusClientTransport, loop: ScanLoop): Promise<void> {
    const startedMs = performance.now();
    const chaos = this.deps.chaos;
    const shot = chaos?.armed === true ? chaos.pick(SCAN_METHOD, this.path) : undefined;
    if (shot !== undefined && shot.latencyMs > 0 && !(await loop.wait(shot.latencyMs))) return;
    const record = (status: number | null, changes: OutputChange[] = [], itemErrors?: ItemError[]) =>
      this.journal?.record({ remote: transport.remote, startedMs, status, changes, itemErrors, chaos: shot });
    if (shot?.reset === true) {
      record(null);
      return transport.fail(`a chaos rule dropped the connection (rule ${shot.rule})`);
    }
    if (shot?.status !== undefined) return record(shot.status);
    const plan = this.currentPlan;
    let outcome: ScanOutcome;
    try {
      outcome = await scanOnce(transport, plan, this.data);
    } catch (error) {
      // A connection that ended has said why in `closed`; a broken answer ends it here.
      if (error instanceof ModbusAnswerError) transport.fail(`the controller sent ${error.message}`);
      return;
    }
    if (loop.stopped) return;
    this.driver.warn(outcome.refusals[0]);
    const changes = loop.changes(plan, outcome);
    const itemErrors = this.data.writeOutputs(outcome.bits ?? [], outcome.registers ?? []);
    record(200, changes, itemErrors);
  }
}

/** The scans of one connection: one every scan time (start to start), until it ends. */
class ScanLoop {
  stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private wake: ((slept: boolean) => void) | undefined;
  /** The Outputs last read, under the plan they were read with (another scene starts afresh). */
  private seen:
    { plan: ModbusClientPlan; bits?: readonly boolean[]; registers?: readonly number[] } | undefined;

  constructor(
    private readonly client: ModbusClient,
    private readonly transport: ModbusClientTransport,
  ) {}

  async run(): Promise<void> {
    void this.transport.closed.then(() => this.stop());
    while (!this.stopped) {
      const startedMs = performance.now();
      await this.client.scan(this.transport, this);
      const rest = startedMs + this.client.settings.scanTimeMs - performance.now();
      // A scan that overran starts the next at once, after a turn of the event loop.
      if (!(await this.wait(Math.max(0, rest)))) return;
    }
  }

  /** Waits `ms`; resolves false when the loop stopped meanwhile. */
  wait(ms: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(() => {
        this.wake = undefined;
        resolve(!this.stopped);
      }, ms);
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    const wake = this.wake;
    this.wake = undefined;
    wake?.(false);
  }

  /** The Outputs that differ from the last scan's (all of them on a connection's first scan). */
  changes(plan: ModbusClientPlan, outcome: ScanOutcome): OutputChange[] {
    if (this.seen?.plan !== plan) this.seen = { plan };
    const seen = this.seen;
    const changes: OutputChange[] = [];
    const note = (
      group: OutputChange['group'],
      start: number,
      values: readonly (boolean | number)[],
      before?: readonly (boolean | number)[],
    ) =>
      values.forEach((value, point) => {
        if (before?.[point] !== value) changes.push({ group, point, address: start + point, value });
      });
    if (outcome.bits && plan.readBits) {
      note('bitOutput', plan.readBits.start, outcome.bits, seen.bits);
      seen.bits = outcome.bits;
    }
    if (outcome.registers && plan.readRegisters) {
      note('numericOutput', plan.readRegisters.start, outcome.registers, seen.registers);
      seen.registers = outcome.registers;
    }
    return changes;
  }
}
