import type { ModbusStatus } from '../../shared/bridge/bridge-spec.js';
import { Emitter } from '../../shared/core/emitter.js';
import type { ItemError, TagEngine } from '../../shared/core/tag-engine.js';
import type { ModbusLayout } from '../../shared/modbus/modbus-layout.js';
import { describeListenError, MODBUS_PORT_HINT } from '../net/listen-errors.js';
import type { RequestJournal } from '../journal/request-journal.js';
import { EngineModbusData, type EngineModbusOptions } from './engine-modbus-data.js';
import { ModbusWriteJournal } from './modbus-journal.js';
import { exceptionIn } from './modbus-pdu.js';
import {
  createModbusServer,
  type ModbusAnswered,
  type ModbusServer,
  type ModbusServerOptions,
} from './modbus-server.js';

export type ModbusControllerOptions = ModbusServerOptions & EngineModbusOptions;

/** One Modbus request answered: who asked, the function code, and the exception if refused. */
export interface ModbusRequestHeard {
  remoteAddress: string;
  functionCode: number;
  /** The exception code answered (02 illegal data address...); absent when served. */
  exception?: number;
}

/**
 * The Modbus TCP server of one TagSim: starts and stops it, and tells whoever listens its state
 * and how many clients are connected (the window's status bar, the tray).
 */
export class ModbusController {
  private server: ModbusServer | undefined;
  private current: ModbusStatus;
  private failure: unknown;
  private readonly data: EngineModbusData;
  private readonly writeJournal: ModbusWriteJournal | undefined;
  private readonly statusEvents = new Emitter<ModbusStatus>(() => undefined);
  readonly errors = new Emitter<unknown>(() => undefined);
  /** Each request answered, for whoever watches the traffic (a lab's dashboard). */
  readonly requests = new Emitter<ModbusRequestHeard>((e) => this.errors.emit(e));

  constructor(
    engine: TagEngine,
    private readonly options: ModbusControllerOptions,
    /** The control API's request journal, which then records every Modbus write too. */
    journal?: RequestJournal,
  ) {
    this.data = new EngineModbusData(engine, options);
    this.writeJournal = journal && new ModbusWriteJournal(engine, this.data, journal);
    this.current = { state: 'stopped', ...this.identity(options.port), clients: 0 };
  }

  get status(): ModbusStatus {
    return this.current;
  }

  /** The system error of the last failed start (EACCES...), for hosts that word it themselves. */
  get lastError(): unknown {
    return this.failure;
  }

  /** Where each tag of the scene served sits in the Modbus tables. */
  get layout(): ModbusLayout {
    return this.data.layout;
  }

  onStatus(listener: (status: ModbusStatus) => void): () => void {
    return this.statusEvents.on(listener);
  }

  /** Starts the server. Never throws: a failure becomes the status, with its reason. */
  async start(): Promise<ModbusStatus> {
    await this.stopServer();
    this.failure = undefined;
    this.setStatus({ state: 'starting', ...this.identity(this.options.port), clients: 0 });
    const journal = this.writeJournal;
    const answered: ModbusAnswered<ItemError[]> = (request, answer, client, startedMs) => {
      journal?.answered(request, answer, client, startedMs);
      if (this.requests.size === 0) return;
      const exception = exceptionIn(answer.response);
      this.requests.emit({
        remoteAddress: client.remoteAddress ?? '',
        functionCode: request.pdu[0]!,
        ...(exception !== undefined ? { exception } : {}),
      });
    };
    const server = createModbusServer(this.data, this.options, answered);
    server.errors.on((e) => this.errors.emit(e));
    server.clientChanges.on((clients) => {
      if (this.server === server) this.setStatus({ ...this.current, clients });
    });
    try {
      const bound = await server.listen();
      this.server = server;
      this.setStatus({ state: 'listening', ...this.identity(bound.port), clients: server.clients });
    } catch (error) {
      this.failure = error;
      const { host, port } = this.options;
      const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
      this.setStatus({
        state: 'failed',
        ...this.identity(port),
        clients: 0,
        error: inUse ? `port ${port} in use` : describeListenError(error, host, port, MODBUS_PORT_HINT),
      });
    }
    return this.current;
  }

  async stop(): Promise<ModbusStatus> {
    await this.stopServer();
    this.setStatus({ state: 'stopped', ...this.identity(this.current.port), clients: 0 });
    return this.current;
  }

  private async stopServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  private identity(port: number): Pick<ModbusStatus, 'host' | 'port' | 'unitId'> {
    const { host, unitId } = this.options;
    return { host, port, ...(unitId !== undefined ? { unitId } : {}) };
  }

  private setStatus(status: ModbusStatus): void {
    this.current = status;
    this.statusEvents.emit(status);
  }
}
