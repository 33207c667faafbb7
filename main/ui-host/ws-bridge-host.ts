import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import { BRIDGE_MAX_MESSAGE_BYTES } from '../../shared/bridge/bridge-spec.js';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch.js';
import { jsonTextOf } from '../../shared/bridge/json-text.js';
import type { BridgeHost } from '../runtime/bridge-host.js';
import type { BridgeSession } from '../runtime/bridge-session.js';
import { tokenMatches } from '../net/access-token.js';
import { splitTarget } from '../net/request-target.js';
import { isAllowedHost, isSameOrigin } from './request-guard.js';
import { CAUGHT_UP_BYTES, SendBudget, type SocketSends } from './send-budget.js';

export const UI_SOCKET_PATH = '/ui/ws';

/**
 * A call from the browser UI: `{id, method, args}`, its id a safe integer; answered `{id, result}`
 * or `{id, error}`.
 */
interface CallMessage {
  id: number;
  method: unknown;
  args?: unknown;
}

/**
 * The WebSocket transport of the bridge for `tagsim serve --ui`: checks Host, Origin and token on
 * the upgrade, validates every call against BRIDGE_SPEC (via dispatch), and pushes the host's
 * events to every connected page. Each page is a session of its own: what it watches (the Plant
 * view) goes to it alone, and stops when its socket closes.
 */
export function createWsBridgeHost(
  host: BridgeHost,
  token: string,
  onError: (error: unknown) => void,
  /** What the process's window sockets may hold unread together (a lab's is its stations'). */
  budget: SendBudget = new SendBudget(),
) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_MESSAGE_BYTES });
  const clients = new Map<WebSocket, SocketSends>();
  const unsubscribe = host.events.on((message) => {
    const bytes = Buffer.from(JSON.stringify(message));
    for (const ws of clients.keys()) send(ws, bytes);
  });
  // One update to many windows (the Plant view on a projector and ten laptops) is written once.
  const encoded = new WeakMap<object, Buffer>();
  const bytesOf = (message: object): Buffer => {
    let bytes = encoded.get(message);
    if (bytes === undefined) encoded.set(message, (bytes = Buffer.from(JSON.stringify(message))));
    return bytes;
  };

  wss.on('connection', (ws: WebSocket) => {
    clients.set(
      ws,
      budget.join(ws, (why) => {
        onError(
          new WsClientError(
            new Error(`a window stopped reading its messages (${why}); its socket was closed`),
          ),
        );
        ws.terminate();
      }),
    );
    const session = host.openSession((message) => send(ws, bytesOf(message)));
    let inFlight = 0;
    ws.on('close', () => {
      clients.get(ws)?.close();
      clients.delete(ws);
      session.close();
    });
    // A frame that breaks the protocol (invalid UTF-8, unmasked, reserved bits, too long) makes
    // ws close this socket with the matching code (1007, 1002, 1009); without a listener the
    // error would take the whole process down with it.
    ws.on('error', (error) => {
      session.close();
      onError(new WsClientError(error));
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return closePage(ws, session, 1003, 'Text messages only');
      if (inFlight >= MAX_CALLS_IN_FLIGHT) return closePage(ws, session, 1008, 'Too many calls at once');
      inFlight++;
      void answer(ws, session, data.toString()).finally(() => inFlight--);
    });
  });

  async function answer(ws: WebSocket, session: BridgeSession, text: string): Promise<void> {
    let call: CallMessage;
    try {
      call = JSON.parse(text) as CallMessage;
      // An id the answer could not carry back (1e999 is written as null) answers no call.
      if (typeof call !== 'object' || call === null || !Number.isSafeInteger(call.id)) throw new Error();
    } catch {
      return closePage(ws, session, 1007, 'Malformed bridge message');
    }
    try {
      const result = await dispatchBridgeCall(session.api, call.method, call.args);
      const text = jsonTextOf(result);
      send(
        ws,
        Buffer.from(
          text !== undefined
            ? `{"id":${call.id},"result":${text}}`
            : JSON.stringify({ id: call.id, result: result ?? null }),
        ),
      );
    } catch (error) {
      const known = error instanceof BridgeArgumentError;
      if (!known) onError(error);
      const message = known ? error.message : 'Internal error in TagSim.';
      send(ws, Buffer.from(JSON.stringify({ id: call.id, error: message })));
    }
  }

  /**
   * Closes a page's socket for its own mistake. Its session (what it watches) ends now, not when
   * the socket is gone: a page that never answers the close would otherwise keep its Plant view's
   * watch for the close handshake's 30 s. A page that has not read what waits for it (it sent
   * more calls than it reads answers) is cut off at once: its close frame would wait behind all
   * that, and the bytes with it, for those 30 s.
   */
  function closePage(ws: WebSocket, session: BridgeSession, code: number, reason: string): void {
    session.close();
    ws.close(code, reason);
    if (ws.bufferedAmount > CAUGHT_UP_BYTES) ws.terminate();
  }

  /**
   * Sends a text message (as its UTF-8 bytes) unless the page stopped reading (send-budget.ts):
   * then its queue would grow without end, and with the queues of every other page that stopped,
   * so it goes. Bytes, not a string: what waits for a page that reads slowly is then outside the
   * heap, given back as soon as its socket goes, and one event's bytes are shared by every page
   * (ten silent pages held strings that took the heap to 280 MB before the collector caught up).
   */
  function send(ws: WebSocket, bytes: Buffer): void {
    const sends = clients.get(ws);
    if (ws.readyState !== ws.OPEN || !sends?.admit(bytes.length)) return;
    ws.send(bytes, { binary: false });
    sends.sent();
  }

  return {
    /** Handles an HTTP upgrade; returns false when the path is not the UI socket. */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      // The target is whatever the client sent (`//[bad` included): split it, never `new URL` it.
      const { path, querystring } = splitTarget(req.url ?? '/');
      if (path !== UI_SOCKET_PATH) return false;
      const given = new URLSearchParams(querystring).get('token');
      if (!isAllowedHost(req.headers.host) || !isSameOrigin(req) || !tokenMatches(token, given)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    },
    close(): void {
      unsubscribe();
      for (const ws of clients.keys()) ws.terminate();
      wss.close();
    },
  };
}

/** A window's socket misbehaved (a bad frame, a stalled reader): logged, and only it is closed. */
export class WsClientError extends Error {
  constructor(override readonly cause: Error) {
    super(`window socket: ${cause.message}`);
    this.name = 'WsClientError';
  }
}

/** Calls one page may have unanswered at once; a real window has a handful. */
export const MAX_CALLS_IN_FLIGHT = 64;
