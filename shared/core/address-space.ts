import type { TagKind, TagType } from './tag-types.js';

/**
 * Addresses live in one space per (kind, type), as in the simulator's memory groups: 512 bits and
 * 256 ints and floats. The top of each space is reserved for the system tags.
 */
export const ADDRESS_SPACE_SIZE: Readonly<Record<TagType, number>> = { Bit: 512, Int: 256, Float: 256 };

/** First reserved address of each type's space (Bit 496-511, Int and Float 240-255). */
export const FIRST_RESERVED_ADDRESS: Readonly<Record<TagType, number>> = { Bit: 496, Int: 240, Float: 240 };

/** Key of an address space, for maps. */
export function spaceKey(kind: TagKind, type: TagType): string {
  return `${kind} ${type}`;
}

/**
 * Hands out the lowest free user address of each (kind, type) space, in the order asked.
 * Throws when a space is full, which no scene of the simulator comes near.
 */
export class AddressAllocator {
  private readonly next = new Map<string, number>();

  allocate(kind: TagKind, type: TagType): number {
    const key = spaceKey(kind, type);
    const address = this.next.get(key) ?? 0;
    if (address >= FIRST_RESERVED_ADDRESS[type]) {
      throw new Error(`No free ${kind} ${type} address left below the reserved system range.`);
    }
    this.next.set(key, address + 1);
    return address;
  }
}
