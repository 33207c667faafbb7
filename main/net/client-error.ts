import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Node's own bare answers to a request it cannot parse (lib/_http_server.js, socketOnError). */
const bare = (status: number, text: string) =>
  Buffer.from(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\n\r\n`, 'latin1');
const BAD_REQUEST = bare(400, 'Bad Request');
const BARE_ANSWERS: Readonly<Record<string, Buffer>> = {
  HPE_HEADER_OVERFLOW: bare(431, 'Request Header Fields Too Large'),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: bare(413, 'Payload Too Large'),
  ERR_HTTP_REQUEST_TIMEOUT: bare(408, 'Request Timeout'),
};

/**
 * Node's default answer to bytes it cannot parse writes a bare 400 at once unless the answer
 * under way has already sent its head. A complete request that Koa is still answering (its
 * answer is a tick or more away) followed by stray bytes on the same connection would then get
 * that bare 400 instead of its own answer, or not, depending on which comes first. Here a complete
 * request keeps its answer (within `graceMs`) and the connection is closed after it; everything
 * else gets exactly Node's default: the bare 400, 408, 413 or 431 if the answer under way has
 * sent nothing yet, then the socket is destroyed.
 */
export function answerClientErrors(server: Server, graceMs: number): void {
  const handled = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The parser stays in error, so more bytes can report the same connection again.
    if (handled.has(socket)) return;
    handled.add(socket);
    // Node's own field for the answer the socket is writing (socketOnError reads it too).
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
    if (inFlight !== undefined && inFlight.req.complete && !inFlight.writableFinished) {
      closeAfter(inFlight, socket, graceMs);
      return;
    }
    if (socket.writable && (inFlight === undefined || !inFlight.headersSent))
      socket.write(BARE_ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
    socket.destroy(error);
  });
}

/** Closes the connection once `response` is sent (its parser can take no further request). */
function closeAfter(response: ServerResponse, socket: Duplex, graceMs: number): void {
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, graceMs);
  response.once('finish', close);
  response.once('close', close);
}
