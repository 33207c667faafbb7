import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Serves a request that offered a protocol upgrade (Java's HttpClient offers `Upgrade: h2c` on
 * every plain-http request) as the ordinary HTTP/1.1 request it also is, as the simulator does.
 *
 * Why this way: once the server listens for upgrades (the window's WebSocket), Node hands every
 * request with `Connection: Upgrade` to that listener, having parsed only its head; the body
 * and any later requests on the connection are still unread on the socket. Writing the head back
 * without the offer and giving the socket to the server as a new connection lets Node's own
 * parser frame the body (Content-Length or chunked) and keep the connection alive, exactly as for
 * a request that never carried the header.
 */
export function serveUpgradeAsPlainHttp(
  server: Server,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  // Pipelined requests before this one may still be answering on the socket: their answers go
  // first, or they would interleave with this one's.
  const answering = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (answering && !answering.writableFinished) {
    answering.once('finish', () => setImmediate(() => serveUpgradeAsPlainHttp(server, req, socket, head)));
    return;
  }
  if (socket.destroyed) return;
  socket.unshift(Buffer.concat([requestHeadWithoutUpgrade(req), head]));
  server.emit('connection', socket);
}

/** The request line and headers as received, less `Upgrade` and the `upgrade` token of `Connection`. */
export function requestHeadWithoutUpgrade(req: IncomingMessage): Buffer {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (lower === 'upgrade') continue;
    if (lower === 'connection') {
      const kept = raw[i + 1]!.split(',')
        .map((token) => token.trim())
        .filter((token) => token !== '' && token.toLowerCase() !== 'upgrade');
      if (kept.length > 0) lines.push(`${name}: ${kept.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${raw[i + 1]!}`);
  }
  // Latin-1 gives back the very bytes Node read: header values are byte strings.
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}
