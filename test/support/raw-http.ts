import { connect } from 'node:net';

/** One HTTP response as read off a raw socket. */
export interface RawHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a raw exchange saw: the responses, whether the server closed, and every byte read. */
export interface RawExchange {
  responses: RawHttpResponse[];
  closed: boolean;
  bytes: number;
}

/**
 * Sends bytes exactly as given over a fresh TCP connection to 127.0.0.1 and reads responses
 * (framed by Content-Length) until `responses` have arrived, the server closes, or the time is
 * up. For requests no HTTP client would send: malformed targets, upgrade offers, bad framing.
 */
export function rawExchange(
  port: number,
  data: string | Buffer | readonly (string | Buffer)[],
  options: { responses?: number; timeoutMs?: number; maxBytes?: number } = {},
): Promise<RawExchange> {
  const wanted = options.responses ?? 1;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buffer = Buffer.alloc(0);
    let bytes = 0;
    let closed = false;
    const responses: RawHttpResponse[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, closed, bytes });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 10_000);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server answered or gave up is a close, not a test failure.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
        closed = true;
        finish();
      } else {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) return finish();
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const parsed = parseOne(buffer);
        if (!parsed) break;
        // An interim answer (100 Continue) is not the response.
        if (parsed.response.status >= 200) responses.push(parsed.response);
        buffer = buffer.subarray(parsed.length);
      }
      if (responses.length >= wanted) finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    for (const part of Array.isArray(data) ? data : [data]) socket.write(part);
  });
}

function parseOne(buffer: Buffer): { response: RawHttpResponse; length: number } | undefined {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...headerLines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  if (buffer.length < end + 4 + length) return undefined;
  return {
    response: {
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
    },
    length: end + 4 + length,
  };
}

/** A request's bytes: request line, headers (Host added) and an optional body with its length. */
export function httpRequestBytes(
  method: string,
  target: string,
  headers: Readonly<Record<string, string>> = {},
  body?: string | Buffer,
): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (
    body !== undefined &&
    !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h))
  )
    lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}
