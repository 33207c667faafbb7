import { createServer, type Server, type Socket } from 'node:net';
import { bindServer } from '../net/bind-server.js';
import { ServerLife } from '../net/server-life.js';
import { Emitter } from '../../shared/core/emitter.js';
import { answerPdu, EXCEPTION, exceptionPdu, type ModbusData, type PduAnswer } from './modbus-pdu.js';
import { MbapReader, mbapResponse, type MbapFrame } from './mbap-reader.js';
import { slotToFree, type SlotHolder } from './modbus-slots.js';

export const DEFAULT_MODBUS_PORT = 502;

export interface ModbusServerOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Answer only this unit id (others get exception 0B); every unit id when absent. */
  unitId?: number;
  /**
   * Connections at once (default 64). When all are taken, a newcomer takes the slot of the one
   * that has waited longest for a whole request, if that is over a second (modbus-slots.ts);
   * otherwise it is refused.
   */
  maxClients?: number;
  /** A connection that sends nothing this long is closed (default 60 s). */
  idleTimeoutMs?: number;
  /**
   * A frame whose first bytes arrived must be whole this soon, or the connection is closed
   * (default 10 s, as the HTTP server's header timeout): trickling a byte at a time would
   * otherwise keep both the idle timer and the slot for ever.
   */
  frameTimeoutMs?: number;
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
 * Hears each request answered, with its answer (the response PDU and the write it made) and when
 * it began (performance.now): the request journal's record of Modbus writes (modbus-journal.ts).
 */
export type ModbusAnswered<Outcome = void> = (
  request: MbapFrame,
  answer: PduAnswer<Outcome>,
  client: Socket,
  startedMs: number,
) => void;

/** Answers wait while this much is unsent to a client, so a client that never reads costs little. */
const MAX_UNSENT_BYTES = 64 * 1024;

/** One client's connection and the slot it holds. */
interface Connection extends SlotHolder {
  readonly socket: Socket;
  waitingSinceMs: number;
  /** Runs while part of a frame has arrived and the rest has not. */
  frameTimer: NodeJS.Timeout | undefined;
}

/**
 * A Modbus TCP server over `data`. Each request is answered in arrival order on its connection;
 * a stream that is not Modbus TCP closes that connection, and nothing a client sends can throw.
 */
export function createModbusServer<Outcome>(
  data: ModbusData<Outcome>,
  options: ModbusServerOptions,
  answered?: ModbusAnswered<Outcome>,
): ModbusServer {
  const errors = new Emitter<unknown>(() => undefined);
  const clientChanges = new Emitter<number>((e) => errors.emit(e));
  const connections = new Map<Socket, Connection>();
  const maxClients = options.maxClients ?? 64;
  const frameTimeoutMs = options.frameTimeoutMs ?? 10_000;
  const life = new ServerLife<Server>('Modbus server');

  const stopFrameTimer = (connection: Connection) => {
    clearTimeout(connection.frameTimer);
    connection.frameTimer = undefined;
  };
  const drop = (connection: Connection) => {
    stopFrameTimer(connection);
    connection.socket.destroy();
    if (connections.delete(connection.socket)) clientChanges.emit(connections.size);
  };

  const serve = (socket: Socket) => {
    socket.on('error', () => socket.destroy());
    if (connections.size >= maxClients) {
      const slow = slotToFree(connections.values(), performance.now());
      if (!slow) return void socket.destroy();
      drop(slow);
    }
    const connection: Connection = { socket, waitingSinceMs: performance.now(), frameTimer: undefined };
    connections.set(socket, connection);
    clientChanges.emit(connections.size);
    socket.once('close', () => drop(connection));
    socket.setNoDelay(true);
    socket.setTimeout(options.idleTimeoutMs ?? 60_000, () => socket.destroy());
    const reader = new MbapReader();
    // Part of a frame waiting for the rest starts the frame's deadline; a whole frame ends it.
    const awaitRest = () => {
      if (reader.pending === 0) stopFrameTimer(connection);
      else connection.frameTimer ??= setTimeout(() => socket.destroy(), frameTimeoutMs);
    };
    const pump = () => {
      while (socket.writableLength < MAX_UNSENT_BYTES) {
        if (socket.destroyed) return;
        const frame = reader.next();
        if (frame === undefined) {
          awaitRest();
          return void socket.resume();
        }
        if (frame === 'invalid') return void socket.destroy();
        stopFrameTimer(connection);
        connection.waitingSinceMs = performance.now();
        const startedMs = answered ? performance.now() : 0;
        const answer: PduAnswer<Outcome> =
          options.unitId !== undefined && frame.unitId !== options.unitId
            ? { response: exceptionPdu(frame.pdu[0]!, EXCEPTION.gatewayTargetFailed) }
            : answerPdu(frame.pdu, data, (e) => errors.emit(e));
        socket.write(mbapResponse(frame, answer.response));
        if (answered) hear(answered, frame, answer, socket, startedMs);
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
    listener: ModbusAnswered<Outcome>,
    frame: MbapFrame,
    answer: PduAnswer<Outcome>,
    socket: Socket,
    startedMs: number,
  ) => {
    try {
      listener(frame, answer, socket, startedMs);
    } catch (error) {
      errors.emit(error);
    }
  };

  return {
    get clients() {
      return connections.size;
    },
    clientChanges,
    errors,
    listen() {
      return life
        .listen(
          () => createServer(serve),
          (s) => bindServer(s, options.port, options.host, (e) => errors.emit(e)),
        )
        .then((address) => ({ host: address.address, port: address.port }));
    },
    close() {
      return life.close(() => {
        for (const connection of [...connections.values()]) drop(connection);
      });
    },
  };
}
