import { createServer, type Server, type Socket } from 'node:net';
import { bindServer } from '../server/bind-server.js';
import { Emitter } from '../../shared/core/emitter.js';
import { answerPdu, EXCEPTION, exceptionPdu, type ModbusData } from './modbus-pdu.js';
import { MbapReader, mbapResponse, type MbapFrame } from './mbap-reader.js';

export const DEFAULT_MODBUS_PORT = 502;

export interface ModbusServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Answer only this unit id (others get exception 0B); every unit id when absent. */
  unitId?: number;
  /** Connections at once; more are refused (default 64). */
  maxClients?: number;
  /** A connection that sends nothing this long is closed (default 60 s). */
  idleTimeoutMs?: number;
}

export interface ModbusServer {
  /** Binds the port; rejects with the system error (EADDRINUSE, EACCES...) when it cannot. */
  listen(): Promise<{ host: string; port: number }>;
  /** Stops accepting connections and closes the open ones. */
  close(): Promise<void>;
  /** Connected clients now. */
  readonly clients: number;
  /** The number of connected clients, each time it changes. */
  readonly clientChanges: Emitter<number>;
  /** What the data layer threw (answered with exception 04) and server errors after binding. */
  readonly errors: Emitter<unknown>;
}

/**
 * Hears each request answered, with its response PDU and when it began (performance.now): the
 * request journal's record of Modbus writes (modbus-journal.ts).
 */
export type ModbusAnswered = (
  request: MbapFrame,
  response: Buffer,
  client: Socket,
  startedMs: number,
) => void;

/** Answers wait while this much is unsent to a client, so a client that never reads costs little. */
const MAX_UNSENT_BYTES = 64 * 1024;

/**
 * A Modbus TCP server over `data`. Each request is answered in arrival order on its connection;
 * a stream that is not Modbus TCP closes that connection, and nothing a client sends can throw.
 */
export function createModbusServer(
  data: ModbusData,
  options: ModbusServerOptions,
  answered?: ModbusAnswered,
): ModbusServer {
  const errors = new Emitter<unknown>(() => undefined);
  const clientChanges = new Emitter<number>((e) => errors.emit(e));
  const sockets = new Set<Socket>();
  let server: Server | undefined;

  const serve = (socket: Socket) => {
    sockets.add(socket);
    clientChanges.emit(sockets.size);
    socket.once('close', () => {
      sockets.delete(socket);
      clientChanges.emit(sockets.size);
    });
    socket.on('error', () => socket.destroy());
    socket.setNoDelay(true);
    socket.setTimeout(options.idleTimeoutMs ?? 60_000, () => socket.destroy());
    const reader = new MbapReader();
    const pump = () => {
      while (socket.writableLength < MAX_UNSENT_BYTES) {
        if (socket.destroyed) return;
        const frame = reader.next();
        if (frame === undefined) return void socket.resume();
        if (frame === 'invalid') return void socket.destroy();
        const startedMs = answered ? performance.now() : 0;
        const pdu =
          options.unitId !== undefined && frame.unitId !== options.unitId
            ? exceptionPdu(frame.pdu[0]!, EXCEPTION.gatewayTargetFailed)
            : answerPdu(frame.pdu, data, (e) => errors.emit(e));
        socket.write(mbapResponse(frame, pdu));
        if (answered) hear(answered, frame, pdu, socket, startedMs);
      }
      socket.pause();
      socket.once('drain', pump);
    };
    socket.on('data', (chunk: Buffer) => {
      reader.push(chunk);
      pump();
    });
  };

  // Whatever the one who hears does, the client has its answer and the connection serves on.
  const hear = (
    listener: ModbusAnswered,
    frame: MbapFrame,
    pdu: Buffer,
    socket: Socket,
    startedMs: number,
  ) => {
    try {
      listener(frame, pdu, socket, startedMs);
    } catch (error) {
      errors.emit(error);
    }
  };

  return {
    get clients() {
      return sockets.size;
    },
    clientChanges,
    errors,
    listen() {
      if (server) return Promise.reject(new Error('The Modbus server is already listening.'));
      const s = createServer(serve);
      s.maxConnections = options.maxClients ?? 64;
      server = s;
      return bindServer(s, options.port, options.host, (e) => errors.emit(e)).then(
        (address) => ({ host: address.address, port: address.port }),
        (e: unknown) => {
          server = undefined;
          throw e;
        },
      );
    },
    close() {
      const s = server;
      server = undefined;
      if (!s) return Promise.resolve();
      return new Promise((resolve) => {
        s.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
