/**
 * Name-based UUIDs (RFC 9562 version 5, SHA-1), so that the ids of a built-in scene are the same
 * on every start and on every machine: a client may keep them in its configuration, as it does
 * with the real simulator. Pure TypeScript because the core runs without Node and without a DOM.
 *
 * Written for speed, without allocations per name or per round: a synthetic scene of 100,000 tags
 * hashes 100,000 names on start (docs/performance.md).
 */

/** Reused by every digest: the message and its padding, grown as needed. */
let buffer = new Uint8Array(256);
const schedule = new Int32Array(80);
const state = new Int32Array(5);
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Makes `buffer` hold at least `bytes`, keeping what it holds. */
function room(bytes: number): void {
  if (buffer.length >= bytes) return;
  const larger = new Uint8Array(Math.max(bytes, buffer.length * 2));
  larger.set(buffer);
  buffer = larger;
}

/**
 * Writes `text` as UTF-8 at `at` and returns the end. A lone surrogate is written as the three
 * bytes of its own code (as the ids of existing scenes were made), not as U+FFFD.
 */
function writeUtf8(text: string, at: number): number {
  room(at + text.length * 3 + 72);
  let o = at;
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (cp < 0x80) buffer[o++] = cp;
    else if (cp < 0x800) {
      buffer[o++] = 0xc0 | (cp >> 6);
      buffer[o++] = 0x80 | (cp & 63);
    } else if (cp < 0x10000) {
      buffer[o++] = 0xe0 | (cp >> 12);
      buffer[o++] = 0x80 | ((cp >> 6) & 63);
      buffer[o++] = 0x80 | (cp & 63);
    } else {
      buffer[o++] = 0xf0 | (cp >> 18);
      buffer[o++] = 0x80 | ((cp >> 12) & 63);
      buffer[o++] = 0x80 | ((cp >> 6) & 63);
      buffer[o++] = 0x80 | (cp & 63);
    }
  }
  return o;
}

/** SHA-1 (FIPS 180-4) of the first `length` bytes of `buffer`, into `state` (pads in place). */
function digest(length: number): void {
  const end = Math.ceil((length + 9) / 64) * 64;
  room(end);
  buffer.fill(0, length, end);
  buffer[length] = 0x80;
  const bitLength = length * 8;
  for (let shift = 0; shift < 64; shift += 8) {
    buffer[end - 1 - shift / 8] =
      shift >= 32 ? Math.floor(bitLength / 2 ** shift) & 255 : (bitLength >>> shift) & 255;
  }
  let h0 = 0x67452301;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476;
  let h4 = 0xc3d2e1f0 | 0;
  const w = schedule;
  for (let block = 0; block < end; block += 64) {
    for (let i = 0; i < 16; i++) {
      const o = block + i * 4;
      w[i] = (buffer[o]! << 24) | (buffer[o + 1]! << 16) | (buffer[o + 2]! << 8) | buffer[o + 3]!;
    }
    for (let i = 16; i < 80; i++) {
      const x = w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!;
      w[i] = (x << 1) | (x >>> 31);
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let i = 0; i < 80; i++) {
      let f: number;
      let k: number;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const t = (((a << 5) | (a >>> 27)) + f + e + k + w[i]!) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = t;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  state[0] = h0;
  state[1] = h1;
  state[2] = h2;
  state[3] = h3;
  state[4] = h4;
}

/** SHA-1 digest of a byte array (FIPS 180-4). */
export function sha1(message: readonly number[]): number[] {
  room(message.length + 72);
  buffer.set(message);
  digest(message.length);
  const out: number[] = [];
  for (const h of state) out.push((h >>> 24) & 255, (h >>> 16) & 255, (h >>> 8) & 255, h & 255);
  return out;
}

function parseUuid(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  return Uint8Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** The last namespace parsed: callers hash many names in one namespace. */
let lastNamespace: { uuid: string; bytes: Uint8Array } | undefined;

const hex = (word: number, shift: number) => HEX[(word >>> shift) & 255]!;

/** UUID version 5 of `name` (UTF-8) in `namespace`, lower-case and hyphenated. */
export function uuidV5(namespace: string, name: string): string {
  if (lastNamespace?.uuid !== namespace) lastNamespace = { uuid: namespace, bytes: parseUuid(namespace) };
  room(16 + 72);
  buffer.set(lastNamespace.bytes);
  digest(writeUtf8(name, 16));
  const [h0, h1, h2, h3] = [state[0]!, state[1]!, (state[2]! & 0x3fffffff) | 0x80000000, state[3]!];
  const versioned = (h1 & 0xffff0fff) | 0x5000;
  return (
    `${hex(h0, 24)}${hex(h0, 16)}${hex(h0, 8)}${hex(h0, 0)}-${hex(versioned, 24)}${hex(versioned, 16)}-` +
    `${hex(versioned, 8)}${hex(versioned, 0)}-${hex(h2, 24)}${hex(h2, 16)}-${hex(h2, 8)}${hex(h2, 0)}` +
    `${hex(h3, 24)}${hex(h3, 16)}${hex(h3, 8)}${hex(h3, 0)}`
  );
}
