import type { TagEngine } from '../../shared/core/tag-engine.js';

const OPEN = 0x5b; // [
const CLOSE = Buffer.from(']');

/**
 * The bytes of a JSON array, given the JSON text of each item, built again only once the
 * engine's version has moved: between two changes every client gets the same buffer. Each
 * item's bytes are kept as well and encoded again only when its text changed, so after a plant
 * step that moved a few tags of many the answer is copied together from kept bytes; copying is
 * several times cheaper than joining and encoding the whole text (docs/performance.md).
 */
export function versionedJsonArray(engine: TagEngine, items: () => readonly string[]): () => Buffer {
  let builtAt = -1;
  let bytes = Buffer.from('[]');
  let texts: (string | undefined)[] = [];
  // Each item as `,<json>`, then `]`: joined, they make the array but for its first byte.
  let pieces: Buffer[] = [CLOSE];
  return () => {
    const version = engine.version;
    if (version === builtAt) return bytes;
    const next = items();
    if (next.length !== texts.length) {
      texts = new Array<string | undefined>(next.length);
      pieces = new Array<Buffer>(next.length + 1);
      pieces[next.length] = CLOSE;
    }
    for (let i = 0; i < next.length; i++) {
      const text = next[i]!;
      if (texts[i] !== text) {
        texts[i] = text;
        pieces[i] = Buffer.from(`,${text}`);
      }
    }
    if (next.length === 0) bytes = Buffer.from('[]');
    else {
      bytes = Buffer.concat(pieces);
      bytes[0] = OPEN;
    }
    builtAt = version;
    return bytes;
  };
}
