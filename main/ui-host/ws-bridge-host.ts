import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import { BRIDGE_MAX_MESSAGE_BYTES } from '../../shared/bridge/bridge-spec.js';
import { dispatchBridgeCall } from '../../shared/bridge/dispatch.js';
import type { BridgeHost } from '../runtime/bridge-host.js';
import { isAllowedHost, isSameOrigin, tokenMatches } from './request-guard.js';

export const UI_SOCKET_PATH = '/ui/ws';

/** A call from the browser UI: `{id, method, args}`; answered `{id, result}` or `{id, error}`. */
interface CallMessage {
  id: number;
  method: unknown;
  args?: unknown;
}

/**
 * The WebSocket transport of the bridge for `tagsim serve --ui`: checks Host, Origin and token on
 * the upgrade, validates every call against BRIDGE_SPEC (via dispatch), and pushes the host's
 * events to every connected page.
 */
export function createWsBridgeHost(host: BridgeHost, token: string, onError: (error: unknown) => void) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: BRIDGE_MAX_MESSAGE_BYTES });
  const clients = new Set<WebSocket>();
  const unsubscribe = host.events.on((message) => {
    const text = JSON.stringify(message);
    for (const ws of clients) ws.send(text);
  });

  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'Text messages only');
      void answer(ws, data.toString());
    });
  });

  async function answer(ws: WebSocket, text: string): Promise<void> {
    let call: CallMessage;
    try {
      call = JSON.parse(text) as CallMessage;
      if (typeof call !== 'object' || call === null || typeof call.id !== 'number') throw new Error();
    } catch {
      return ws.close(1007, 'Malformed bridge message');
    }
    try {
      const result = await dispatchBridgeCall(host.api, call.method, call.args);
      ws.send(JSON.stringify({ id: call.id, result: result ?? null }));
    } catch (error) {
      const known = error instanceof BridgeArgumentError;
      if (!known) onError(error);
      const message = known ? error.message : 'Internal error in TagSim.';
      ws.send(JSON.stringify({ id: call.id, error: message }));
    }
  }

  return {
    /** Handles an HTTP upgrade; returns false when the path is not the UI socket. */
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = new URL(req.url ?? '/', 'http://placeholder');
      if (url.pathname !== UI_SOCKET_PATH) return false;
      if (
        !isAllowedHost(req.headers.host) ||
        !isSameOrigin(req) ||
        !tokenMatches(token, url.searchParams.get('token'))
      ) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    },
    close(): void {
      unsubscribe();
      for (const ws of clients) ws.terminate();
      wss.close();
    },
  };
}
