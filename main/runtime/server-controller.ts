import { Emitter } from '../../shared/core/emitter.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { ServerStatus } from '../../shared/bridge/bridge-spec.js';
import { describeListenError } from '../net/listen-errors.js';
import {
  createApiServer,
  type ApiServer,
  type ApiServerOptions,
  type RequestEvent,
} from '../server/create-api-server.js';

export interface ServerControllerOptions extends Omit<ApiServerOptions, 'host' | 'port'> {
  host: string;
  port: number;
  /** False where stopping would cut the UI off too (the browser UI shares the server's port). */
  controllable?: boolean;
}

/**
 * Starts, stops and restarts the API server on a chosen port, and tells whoever listens what
 * state it is in ("listening", or "port 7410 in use" with the error kept for the UI to show).
 */
export class ServerController {
  private server: ApiServer | undefined;
  private current: ServerStatus;
  private failure: unknown;
  /** Bumped by every start and stop, so a start that a later call overtook gives itself up. */
  private generation = 0;
  private readonly statusEvents = new Emitter<ServerStatus>(() => undefined);
  readonly requests = new Emitter<RequestEvent>(() => undefined);
  readonly errors = new Emitter<unknown>(() => undefined);

  constructor(
    private readonly engine: TagEngine,
    private readonly options: ServerControllerOptions,
  ) {
    this.current = {
      state: 'stopped',
      host: options.host,
      port: options.port,
      controllable: options.controllable ?? true,
    };
  }

  get status(): ServerStatus {
    return this.current;
  }

  /** The system error of the last failed start (EADDRINUSE...), for hosts that word it themselves. */
  get lastError(): unknown {
    return this.failure;
  }

  /** The server while it listens (for hosts that mount more on it). */
  get apiServer(): ApiServer | undefined {
    return this.server;
  }

  onStatus(listener: (status: ServerStatus) => void): () => void {
    return this.statusEvents.on(listener);
  }

  /** Starts (or restarts, on a new port or host) the server. Never throws: failures become a status. */
  async start(change: { port?: number; host?: string } = {}): Promise<ServerStatus> {
    const generation = ++this.generation;
    await this.closeServer();
    if (generation !== this.generation) return this.current;
    const host = change.host ?? this.current.host;
    const port = change.port ?? this.current.port;
    this.failure = undefined;
    this.setStatus({ state: 'starting', host, port });
    // The server reports to this.requests itself: a forwarding listener would make every request
    // observed (a 'finish' listener, an event) even when nobody listens, as in `tagsim serve`.
    const server = createApiServer(this.engine, { ...this.options, host, port, requests: this.requests });
    server.events.error.on((e) => this.errors.emit(e));
    try {
      const bound = await server.listen();
      if (generation !== this.generation) {
        // A stop or another start came while this one was binding: it is no longer wanted.
        await server.close();
        return this.current;
      }
      this.server = server;
      this.setStatus({ state: 'listening', host, port: bound.port, url: bound.url });
    } catch (error) {
      if (generation !== this.generation) return this.current;
      this.failure = error;
      const inUse = (error as { code?: unknown }).code === 'EADDRINUSE';
      this.setStatus({
        state: 'failed',
        host,
        port,
        error: inUse ? `port ${port} in use` : describeListenError(error, host, port),
      });
    }
    return this.current;
  }

  async stop(): Promise<ServerStatus> {
    this.generation++;
    await this.closeServer();
    this.setStatus({ state: 'stopped', host: this.current.host, port: this.current.port });
    return this.current;
  }

  private async closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  private setStatus(status: Omit<ServerStatus, 'controllable'>): void {
    this.current = { ...status, controllable: this.current.controllable };
    this.statusEvents.emit(this.current);
  }
}
