import { connect, type Socket } from 'node:net';
import { describeConnectError } from '../drivers/connect-errors.js';
import type { DriverLink } from '../drivers/client-driver.js';
import { MbapReader, mbapFrame } from './mbap-reader.js';

export interface ModbusTransportOptions {
  readonly host: string;
  readonly port: number;
  /** An answer not whole this long after its request ends the connection. */
  readonly timeoutMs: number;
  /** A connection not made this long after it was asked for is given up (default 3 s). */
  readonly connectTimeoutMs?: number;
}

interface Pending {
  readonly transactionId: number;
  readonly resolve: (pdu: Buffer) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * One Modbus TCP connection to a controller's server, one request at a time. Whatever the peer
 * does that the protocol forbids (an answer to another transaction, an answer nobody asked for,
 * a stream that is not Modbus TCP, an answer later than the timeout) ends the connection with
 * the reason in `closed`: a late answer may still arrive, and after it no answer could be told
 * from the one before. Nothing the peer sends can throw out of here or hold memory: a frame is
 * at most 260 bytes, and the first wrong one closes the socket.
 */
export class ModbusClientTransport implements DriverLink {
  private readonly reader = new MbapReader();
  private pending: Pending | undefined;
  private transactionId = 0;
  private ended: string | undefined;
  private markClosed!: (reason: string) => void;
  readonly closed = new Promise<string>((resolve) => (this.markClosed = resolve));

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.heard(chunk));
    socket.on('error', (error) => this.fail(describeConnectError(error)));
    socket.on('close', () => this.fail('the controller closed the connection'));
  }

  /** Connects; rejects with an error whose message says why it could not. */
  static open(options: ModbusTransportOptions): Promise<ModbusClientTransport> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: options.host, port: options.port });
      const failed = (error: unknown) => {
        socket.destroy();
        reject(new Error(describeConnectError(error)));
      };
      const timer = setTimeout(
        () => failed(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
        options.connectTimeoutMs ?? 3000,
      );
      socket.once('error', (error) => {
        clearTimeout(timer);
        failed(error);
      });
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new ModbusClientTransport(socket, options.timeoutMs));
      });
    });
  }

  /** The controller's address and port, as the journal names a client. */
  get remote(): { address: string | undefined; port: number | undefined } {
    return { address: this.socket.remoteAddress, port: this.socket.remotePort };
  }

  /** Sends one request PDU and resolves with the answer's PDU (an exception answer included). */
  request(unitId: number, pdu: Buffer): Promise<Buffer> {
    if (this.ended !== undefined) return Promise.reject(new Error(this.ended));
    if (this.pending) return Promise.reject(new Error('a request is already waiting for its answer'));
    this.transactionId = (this.transactionId + 1) & 0xffff;
    const transactionId = this.transactionId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(`no answer within ${this.timeoutMs} ms`), this.timeoutMs);
      this.pending = { transactionId, resolve, reject, timer };
      this.socket.write(mbapFrame(transactionId, unitId, pdu));
    });
  }

  close(): void {
    this.fail('disconnected');
  }

  private heard(chunk: Buffer): void {
    this.reader.push(chunk);
    for (;;) {
      if (this.ended !== undefined) return;
      const frame = this.reader.next();
      if (frame === undefined) return;
      if (frame === 'invalid') return this.fail('the controller sent bytes that are not Modbus TCP');
      const pending = this.pending;
      if (!pending) return this.fail('the controller sent an answer no request asked for');
      if (frame.transactionId !== pending.transactionId)
        return this.fail(
          `the controller answered transaction ${frame.transactionId}; the request was ${pending.transactionId}`,
        );
      this.pending = undefined;
      clearTimeout(pending.timer);
      // The frame is a view into the reader's buffer: the answer gets its own bytes.
      pending.resolve(Buffer.from(frame.pdu));
    }
  }

  /** Ends the connection once, with its reason; a request still waiting fails with it. */
  fail(reason: string): void {
    if (this.ended !== undefined) return;
    this.ended = reason;
    this.socket.destroy();
    const pending = this.pending;
    this.pending = undefined;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(new Error(reason));
    }
    this.markClosed(reason);
  }
}
