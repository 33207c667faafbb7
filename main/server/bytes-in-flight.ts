import { getHeapStatistics } from 'node:v8';
import { ApiError } from './api-error.js';
import type { ApiRequest } from './api-route.js';

/**
 * What the server may hold at once for requests with a body: 512 MiB of estimated memory, or a
 * quarter of the heap when the heap is smaller. Each body is capped on its own, but many large
 * bodies at once, or their large answers held for slow readers, would otherwise exhaust the heap
 * (docs/reliability.md).
 */
export function defaultMaxBytesInFlight(): number {
  return Math.min(512 * 1024 * 1024, Math.floor(getHeapStatistics().heap_size_limit / 4));
}

// A body costs about three times its size while it is read, decoded and parsed into objects;
// an answer twice its estimated size (the string, then the bytes on the socket).
const BODY_COST_FACTOR = 3;
const ANSWER_COST_FACTOR = 2;
// A per-item error is at most this long, besides the id or name it echoes from the body.
const ANSWER_BYTES_PER_ITEM = 160;

/**
 * The memory budget shared by the requests of one server. A request reserves what it will cost
 * before the work that costs it, and gives it back when its answer has left (or its connection
 * closed), so a slow reader holds its share for as long as it holds the memory.
 */
export class BytesInFlight {
  private used = 0;

  constructor(readonly capacity: number = defaultMaxBytesInFlight()) {}

  get inUse(): number {
    return this.used;
  }

  /** Reserves room for reading a body of `declaredBytes` (or up to `limitBytes` when unknown). */
  admitBody(request: ApiRequest, limitBytes: number): void {
    const declared = Number(request.req.headers['content-length']);
    const size = Number.isFinite(declared) && declared >= 0 ? Math.min(declared, limitBytes) : limitBytes;
    this.reserve(request, size * BODY_COST_FACTOR);
  }

  /** Reserves room for the answer to `items` items read from a body of `bodyBytes`. */
  admitAnswer(request: ApiRequest, items: number, bodyBytes: number): void {
    this.reserve(request, (items * ANSWER_BYTES_PER_ITEM + bodyBytes) * ANSWER_COST_FACTOR);
  }

  private reserve(request: ApiRequest, bytes: number): void {
    if (bytes <= 0) return;
    const own = request.heldBytes ?? 0;
    // A request alone is always let through, whatever it already holds: the per-body limits
    // bound it, and refusing it would refuse it forever.
    if (this.used > own && this.used + bytes > this.capacity) {
      request.req.resume(); // drop the unread body, so that the connection can carry the next request
      throw new ApiError(503, 'TagSim is busy with other large requests; send this one again shortly.', {
        'Retry-After': '1',
      });
    }
    this.used += bytes;
    request.heldBytes = own + bytes;
    // One listener a request, however many reservations it makes (a write makes two): a response
    // emits 'close' once it has been answered or its connection has gone, and then gives back
    // all it held. Listeners on every response are part of every write's cost.
    if (own === 0) request.res.once('close', () => this.giveBack(request));
  }

  private giveBack(request: ApiRequest): void {
    this.used -= request.heldBytes ?? 0;
    request.heldBytes = 0;
  }
}
