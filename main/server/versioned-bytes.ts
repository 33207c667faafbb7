import type { TagEngine } from '../../shared/core/tag-engine.js';

/**
 * The bytes of `build()`, built again only once the engine's version has moved: between two
 * changes, every client reading the same answer gets the same buffer.
 */
export function versionedBytes(engine: TagEngine, build: () => string): () => Buffer {
  let builtAt = -1;
  let bytes = Buffer.alloc(0);
  return () => {
    const version = engine.version;
    if (version !== builtAt) {
      bytes = Buffer.from(build());
      builtAt = version;
    }
    return bytes;
  };
}
