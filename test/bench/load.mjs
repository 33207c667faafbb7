// The benchmark's load generator: keep-alive HTTP/1.1 connections to 127.0.0.1, each sending its
// next request as soon as the answer to the previous one is complete (no pipelining), for a
// fixed time. It reads each answer's status line and Content-Length and counts the body's bytes
// without keeping them.
//
// Why not autocannon: autocannon 9 keeps every response body as a string (`body += chunk`), which
// costs it more per answer of 0.5 to 2 MiB than a cached answer costs the server: on one CPU it
// saturated near 1,500 answers per second while TagSim's server sat 75% idle, so the figure
// measured the load generator (docs/performance.md).
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const REQUEST_TIMEOUT_MS = 10_000;
/** What one read takes at most; the sockets share it, as each read is handled before the next. */
const READ_BUFFER_BYTES = 256 * 1024;

/** The bytes of one request: method, path, headers, body with its Content-Length. */
export function requestBytes(port, { method, path, headers = {}, body }) {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (body !== undefined) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/**
 * Loads `port` with `connections` connections for `seconds`; each connection sends `requests`
 * in turn. Resolves with the answers completed in that time, the time, and what went wrong
 * (errors, timeouts, non-2xx). `onLatency(ms)` hears of every completed answer.
 */
export function load({ port, connections, seconds, requests, onLatency }) {
  const requestBuffers = requests.map((r) => requestBytes(port, r));
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const totals = { requests: 0, errors: 0, timeouts: 0, non2xx: 0 };
  const sockets = new Set();
  const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);
  let stopped = false;

  return new Promise((resolve) => {
    setTimeout(() => {
      stopped = true;
      for (const socket of sockets) socket.destroy();
      resolve({ ...totals, seconds: (performance.now() - started) / 1000 });
    }, seconds * 1000);

    const open = (offset) => {
      // `onread` hands each read over in the shared buffer; `received` runs before the next read.
      const socket = connect({
        host: '127.0.0.1',
        port,
        onread: { buffer: readBuffer, callback: (n, buffer) => void received(buffer.subarray(0, n)) },
      });
      sockets.add(socket);
      socket.setNoDelay(true);
      let next = offset;
      let head = null; // bytes of an answer's head not yet complete, or null between answers
      let bodyLeft = -1; // body bytes still to come; -1 while reading a head
      let status = 0;
      let sentAt = 0;
      let timer;

      const send = () => {
        sentAt = performance.now();
        head = Buffer.alloc(0);
        bodyLeft = -1;
        timer = setTimeout(() => {
          totals.timeouts++;
          socket.destroy();
        }, REQUEST_TIMEOUT_MS);
        socket.write(requestBuffers[next++ % requestBuffers.length]);
      };
      const complete = () => {
        clearTimeout(timer);
        const now = performance.now();
        if (stopped || now > deadline) return;
        totals.requests++;
        if (status < 200 || status > 299) totals.non2xx++;
        onLatency?.(now - sentAt);
        send();
      };

      socket.on('connect', send);
      const received = (chunk) => {
        let rest = chunk;
        if (bodyLeft < 0) {
          head = head.length === 0 ? rest : Buffer.concat([head, rest]);
          const end = head.indexOf(HEAD_END);
          // The shared buffer is read into again: a head still incomplete is copied out of it.
          if (end < 0) {
            if (head === chunk) head = Buffer.from(chunk);
            return;
          }
          const text = head.subarray(0, end).toString('latin1');
          status = Number(text.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
          if (!length) {
            // Every server under test frames its answers with a Content-Length.
            totals.errors++;
            socket.destroy();
            return;
          }
          bodyLeft = Number(length[1]);
          rest = head.subarray(end + HEAD_END.length);
        }
        bodyLeft -= rest.length;
        if (bodyLeft <= 0) complete();
      };
      socket.on('error', () => {
        if (!stopped) totals.errors++;
      });
      socket.on('close', () => {
        clearTimeout(timer);
        sockets.delete(socket);
        if (!stopped) open(next);
      });
    };

    for (let i = 0; i < connections; i++) open(i);
  });
}
