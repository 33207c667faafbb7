// docs/api.md, "Scenes, addresses and ids": ids of shipped scenes are fixed GUIDs (UUID v5 over SHA-1).
import { createHash } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { sha1, uuidV5 } from '../../shared/core/uuid-v5.js';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

const nodeSha1 = (bytes: Uint8Array): number[] => [...createHash('sha1').update(bytes).digest()];

/** UUID v5 computed with node:crypto, as an independent reference. */
function referenceUuidV5(namespace: string, name: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

describe('sha1', () => {
  it('matches the FIPS 180 test vectors', () => {
    const hex = (text: string) =>
      sha1([...Buffer.from(text, 'utf8')])
        .map((b) => b.toString(16).padStart(2, '0'))
        .join('');
    expect(hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(hex('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
  });

  it.each([0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000])(
    'agrees with node:crypto on %s bytes (padding boundaries)',
    (length) => {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 37 + 11) & 255);
      expect(sha1([...bytes])).toEqual(nodeSha1(bytes));
    },
  );

  it('agrees with node:crypto on random byte arrays', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(sha1([...bytes])).toEqual(nodeSha1(bytes));
      }),
      { numRuns: 500 },
    );
  });
});

describe('uuidV5', () => {
  it('gives the known vector for www.example.com in the DNS namespace', () => {
    expect(uuidV5(DNS_NAMESPACE, 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('is lower-case, hyphenated, version 5, RFC variant', () => {
    const id = uuidV5(URL_NAMESPACE, 'https://example.com/');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('accepts the namespace in upper case and gives the same id', () => {
    expect(uuidV5(DNS_NAMESPACE.toUpperCase(), 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('rejects a namespace that is not a UUID', () => {
    expect(() => uuidV5('not-a-uuid', 'x')).toThrow(/Not a UUID/);
  });

  it('agrees with a node:crypto reference for random names, UTF-8 encoded', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ unit: 'binary', maxLength: 40 }), (namespace, name) => {
        expect(uuidV5(namespace, name)).toBe(referenceUuidV5(namespace, name));
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and differs between names and namespaces', () => {
    expect(uuidV5(DNS_NAMESPACE, 'a')).toBe(uuidV5(DNS_NAMESPACE, 'a'));
    expect(uuidV5(DNS_NAMESPACE, 'a')).not.toBe(uuidV5(DNS_NAMESPACE, 'b'));
    expect(uuidV5(DNS_NAMESPACE, 'a')).not.toBe(uuidV5(URL_NAMESPACE, 'a'));
  });
});
