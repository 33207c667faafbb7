import type { Server } from 'node:net';

/**
 * The listen and close of a server that can be started, stopped and started again (the tag API's
 * HTTP server, the Modbus TCP server): one bound server at a time, a new one made for each listen;
 * a bind that fails leaves none, so listen may be tried again (another port, the port freed).
 */
export class ServerLife<S extends Server> {
  private server: S | undefined;

  /** `name` says which server in the refusal of a second listen ("the Modbus server"). */
  constructor(private readonly name: string) {}

  /** Makes a server and binds it with `bind`; rejects while one is bound, or when the bind fails. */
  listen<A>(make: () => S, bind: (server: S) => Promise<A>): Promise<A> {
    if (this.server) return Promise.reject(new Error(`The ${this.name} is already listening.`));
    const server = make();
    this.server = server;
    return bind(server).catch((e: unknown) => {
      this.server = undefined;
      throw e;
    });
  }

  /**
   * Stops accepting connections and resolves when the server has closed; `endConnections` ends
   * the open ones in the server's own way (at once, or after a grace), right after it stops
   * accepting. Resolves at once when nothing is bound.
   */
  close(endConnections: (server: S) => void): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    return new Promise((resolve, reject) => {
      server.close((e) => (e ? reject(e) : resolve()));
      endConnections(server);
    });
  }
}
