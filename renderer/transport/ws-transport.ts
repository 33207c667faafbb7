import type { BridgeTransport } from '../../shared/bridge/bridge-client.js';
import {
  BRIDGE_MAX_MESSAGE_BYTES,
  type BridgeEventMessage,
  type BridgeMethodName,
  isBridgeEvent,
} from '../../shared/bridge/bridge-spec.js';
import type { ConnectionSource, ConnectionState } from './connection.js';

/** The part of the browser's WebSocket this transport uses (a fake one in unit tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}

const OPEN = 1;

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface WsTransportOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  timers: Timers;
  /** First wait after a drop; doubles on every failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A call without an answer after this long fails (the host answers every call at once). */
  callTimeoutMs?: number;
  /**
   * The largest call message the host accepts (its WebSocket `maxPayload`): a bigger one fails
   * here with a clear message instead of making the host drop the connection.
   */
  maxMessageBytes?: number;
}

/** The host's limit for one call message, from the bridge spec. */
export const DEFAULT_MAX_MESSAGE_BYTES = BRIDGE_MAX_MESSAGE_BYTES;

export interface WsTransport extends BridgeTransport, ConnectionSource {
  reconnectNow(): void;
  /** Closes the socket for good (no reconnection). */
  close(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: unknown;
}

/**
 * The browser transport of `tagsim serve --ui`: one WebSocket carrying calls
 * (`{id, method, args}` answered by `{id, result}` or `{id, error}`) and pushed events
 * (`{event, payload}`). When the socket drops, pending calls fail, the state becomes
 * "disconnected" and it reconnects with exponential backoff; listeners of the connection state
 * reload everything once it is back.
 */
export function createWsTransport(options: WsTransportOptions): WsTransport {
  const { timers } = options;
  const initialDelay = options.initialDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 8000;
  const callTimeout = options.callTimeoutMs ?? 15_000;
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const encoder = new TextEncoder();

  const eventListeners = new Set<(message: BridgeEventMessage) => void>();
  const connectionListeners = new Set<(state: ConnectionState) => void>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: SocketLike | undefined;
  let state: ConnectionState = { status: 'connecting', attempt: 0 };
  let failures = 0;
  let everConnected = false;
  let retryTimer: unknown;
  let closed = false;

  function setState(next: ConnectionState): void {
    state = next;
    for (const listener of [...connectionListeners]) listener(next);
  }

  function failPending(message: string): void {
    for (const [id, call] of pending) {
      timers.clearTimeout(call.timer);
      pending.delete(id);
      call.reject(new Error(message));
    }
  }

  function connect(): void {
    retryTimer = undefined;
    if (closed) return;
    setState({ status: 'connecting', attempt: failures });
    let ws: SocketLike;
    try {
      ws = options.createSocket(options.url);
    } catch {
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      failures = 0;
      everConnected = true;
      setState({ status: 'connected' });
    };
    ws.onmessage = (event) => {
      if (socket === ws) receive(event.data);
    };
    ws.onerror = () => undefined; // a close always follows
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      failPending('The connection to TagSim was lost.');
      if (!closed) scheduleRetry();
    };
  }

  function scheduleRetry(): void {
    const delay = Math.min(maxDelay, initialDelay * 2 ** failures);
    failures++;
    setState({ status: 'disconnected', attempt: failures, retryAt: timers.now() + delay, everConnected });
    retryTimer = timers.setTimeout(connect, delay);
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(data);
      if (typeof parsed !== 'object' || parsed === null) return;
      message = parsed as Record<string, unknown>;
    } catch {
      return;
    }
    if (typeof message['id'] === 'number') {
      const call = pending.get(message['id']);
      if (call === undefined) return;
      pending.delete(message['id']);
      timers.clearTimeout(call.timer);
      if (typeof message['error'] === 'string') call.reject(new Error(message['error']));
      else call.resolve(message['result']);
      return;
    }
    if (isBridgeEvent(message['event'])) {
      const event = message as unknown as BridgeEventMessage;
      for (const listener of [...eventListeners]) listener(event);
    }
  }

  connect();

  return {
    get connection() {
      return state;
    },
    onConnection(listener) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    invoke(method: BridgeMethodName, args: unknown): Promise<unknown> {
      const ws = socket;
      if (ws === undefined || ws.readyState !== OPEN || state.status !== 'connected') {
        return Promise.reject(new Error('Not connected to TagSim.'));
      }
      const id = nextId++;
      const message = JSON.stringify(args === undefined ? { id, method } : { id, method, args });
      // Most calls are tiny: only measure the bytes of one that might be too big.
      const bytes = message.length * 3 > maxMessageBytes ? encoder.encode(message).length : 0;
      if (bytes > maxMessageBytes) {
        return Promise.reject(
          new Error(
            `This is ${size(bytes)}, more than the browser window's connection to TagSim carries (${size(maxMessageBytes)}).`,
          ),
        );
      }
      return new Promise((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          pending.delete(id);
          reject(new Error(`TagSim did not answer ${method} in time.`));
        }, callTimeout);
        pending.set(id, { resolve, reject, timer });
        ws.send(message);
      });
    },
    subscribe(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    reconnectNow() {
      if (closed || state.status !== 'disconnected') return;
      timers.clearTimeout(retryTimer);
      connect();
    },
    close() {
      closed = true;
      timers.clearTimeout(retryTimer);
      const ws = socket;
      socket = undefined;
      failPending('The connection to TagSim was closed.');
      ws?.close(1000, 'Window closed');
    },
  };
}

/** The UI socket's address for the page's own host, with the access token. */
export function uiSocketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ui/ws?token=${encodeURIComponent(token)}`;
}

/** A byte count for people: KiB below a MiB, MiB with one decimal above. */
function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KiB` : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
