/**
 * Name-based UUIDs (RFC 9562 version 5, SHA-1), so that the ids of a built-in scene are the same
 * on every start and on every machine: a client may keep them in its configuration, as it does
 * with the real simulator. Pure TypeScript because the core runs without Node and without a DOM.
 */

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return bytes;
}

// Reused by every digest (typed arrays cost more to allocate than a short digest to compute).
let padded = new Uint8Array(128);
const schedule = new Int32Array(80);

/**
 * SHA-1 digest of a byte array (FIPS 180-4). Written for speed, without allocations per round:
 * a synthetic scene of 100,000 tags hashes 100,000 names on start.
 */
export function sha1(message: readonly number[]): number[] {
  const blocks = Math.ceil((message.length + 9) / 64);
  if (padded.length < blocks * 64) padded = new Uint8Array(blocks * 128);
  const bytes = padded.subarray(0, blocks * 64);
  bytes.fill(0);
  bytes.set(message);
  bytes[message.length] = 0x80;
  const bitLength = message.length * 8;
  const end = bytes.length;
  for (let shift = 0; shift < 64; shift += 8) {
    bytes[end - 1 - shift / 8] =
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
      w[i] = (bytes[o]! << 24) | (bytes[o + 1]! << 16) | (bytes[o + 2]! << 8) | bytes[o + 3]!;
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
  const out: number[] = [];
  for (const h of [h0, h1, h2, h3, h4])
    out.push((h >>> 24) & 255, (h >>> 16) & 255, (h >>> 8) & 255, h & 255);
  return out;
}

function parseUuid(uuid: string): number[] {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  return Array.from({ length: 16 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** The last namespace parsed: callers hash many names in one namespace. */
let lastNamespace: { uuid: string; bytes: readonly number[] } | undefined;

/** UUID version 5 of `name` (UTF-8) in `namespace`, lower-case and hyphenated. */
export function uuidV5(namespace: string, name: string): string {
  if (lastNamespace?.uuid !== namespace) lastNamespace = { uuid: namespace, bytes: parseUuid(namespace) };
  const hash = sha1(lastNamespace.bytes.concat(utf8(name))).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.map((b) => HEX[b]!).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
