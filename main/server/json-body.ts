import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { ApiError } from './api-error.js';
import { printable } from '../../shared/problems/message-text.js';

/** A request's JSON body: the parsed value (`undefined` when there is none) and its decoded size. */
export interface JsonBody {
  readonly value: unknown;
  readonly bytes: number;
  /** The bytes themselves (decoded), for the journal. */
  readonly raw: Buffer;
}

/** Reads a request's JSON body. */
export interface JsonBodyReader {
  /** `heard` gets the decoded bytes before they are parsed, so even a body that is not JSON is seen. */
  (req: IncomingMessage, heard?: (raw: Buffer) => void): Promise<JsonBody>;
  /** The largest body it takes, in decoded bytes. */
  readonly limitBytes: number;
}

/**
 * Makes the reader of request bodies, parsed as JSON **whatever the Content-Type says** (none,
 * `text/plain`...): real clients send GET bodies without a JSON type. An empty or all-whitespace
 * body is absent; a leading UTF-8 byte order mark is dropped. Bodies may come gzip, deflate or br
 * encoded; the limit counts the decoded bytes, so a small compressed body cannot unpack past it.
 * Handlers call it themselves, so that the many requests without a body pay nothing for it.
 */
export function jsonBodyReader(limitBytes: number): JsonBodyReader {
  // Parsed as the body ends, in the read's own promise: every write waits on this chain.
  const read = (req: IncomingMessage, heard?: (raw: Buffer) => void): Promise<JsonBody> =>
    readBody(req, limitBytes, (bytes) => {
      heard?.(bytes);
      return { value: parseJson(bytes), bytes: bytes.length, raw: bytes };
    });
  return Object.assign(read, { limitBytes });
}

/** At most this many items in one body: past it, a request's work and answer would be unbounded. */
export const MAX_ITEMS = 100_000;

/**
 * Refuses a body array of more than MAX_ITEMS items (413), before any item is looked at: a
 * small body of many bad items would otherwise answer many times its size in per-item errors.
 */
export function assertItemCount(items: readonly unknown[]): void {
  if (items.length > MAX_ITEMS) throw new ApiError(413, `Request has too many items (at most ${MAX_ITEMS}).`);
}

/** Whether the request announces a body at all (a length or chunked framing). */
export function hasBody(req: IncomingMessage): boolean {
  const { headers } = req;
  return headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
}

/**
 * What `finish` makes of the body's bytes, decoded from its Content-Encoding, or a 4xx ApiError
 * (or what `finish` throws).
 */
function readBody<T>(req: IncomingMessage, limitBytes: number, finish: (bytes: Buffer) => T): Promise<T> {
  // Content codings are case-insensitive (RFC 9110).
  const encoding = (req.headers['content-encoding'] ?? '').trim().toLowerCase() || 'identity';
  const tooLarge = () =>
    new ApiError(413, `Request body is larger than the limit of ${formatBytes(limitBytes)}.`);
  let decoder: Transform | undefined;
  if (encoding === 'gzip' || encoding === 'deflate') decoder = createUnzip();
  else if (encoding === 'br') decoder = createBrotliDecompress();
  else if (encoding !== 'identity') {
    return refuse(
      req,
      new ApiError(
        415,
        `Content-Encoding '${printable(encoding)}' is not supported; send the body as gzip, deflate, br or identity.`,
      ),
    );
  }
  if (!decoder && Number(req.headers['content-length']) > limitBytes) return refuse(req, tooLarge());

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      if (decoder) {
        req.unpipe(decoder);
        decoder.destroy();
      }
      // Read off and drop the rest, or a keep-alive connection would hang on its next request.
      req.resume();
      reject(error);
    };
    const source = decoder ? req.pipe(decoder) : req;
    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > limitBytes) fail(tooLarge());
      else chunks.push(chunk);
    });
    source.once('end', () => {
      if (settled) return;
      settled = true;
      try {
        resolve(finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)));
      } catch (error) {
        reject(error);
      }
    });
    decoder?.once('error', (error) =>
      // The client declared an encoding its body is not in: the client's fault, not ours.
      fail(new ApiError(400, `Request body is not valid ${printable(encoding)} data: ${error.message}.`)),
    );
    // A client that goes away mid-body reads no answer; the promise must still settle.
    const aborted = () => fail(new ApiError(400, 'The request ended before its body was complete.'));
    req.once('error', aborted);
    req.once('close', () => {
      if (!req.complete) aborted();
    });
  });
}

function refuse(req: IncomingMessage, error: ApiError): Promise<never> {
  req.resume();
  return Promise.reject(error);
}

function parseJson(bytes: Buffer): unknown {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    // JSON.parse makes `__proto__` an own key like any other and pollutes nothing.
    if (error instanceof SyntaxError)
      throw new ApiError(400, `Request body is not valid JSON: ${error.message}`);
    throw error;
  }
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
