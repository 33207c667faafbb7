import type { TagKind, TagType } from './tag-types.js';

/** What a list needs of a tag to tell it apart from the others. */
export interface NamedTag {
  readonly name: string;
  readonly kind: TagKind;
  readonly type: TagType;
  readonly address: number;
}

/**
 * What to show beside each tag's name so a list of tags can be told apart: nothing for a name no
 * other tag of the list has, the kind when that is enough, else the kind, type and address
 * ("Input Bit 3"), which no two tags share. Names repeat in real scenes: the simulator names
 * every unnamed part "-".
 */
export function tagDistinctions<T extends NamedTag>(tags: readonly T[]): (tag: T) => string | undefined {
  const byName = new Map<string, number>();
  const byNameAndKind = new Map<string, number>();
  const nameAndKind = (tag: T) => `${tag.kind} ${tag.name}`;
  for (const tag of tags) {
    byName.set(tag.name, (byName.get(tag.name) ?? 0) + 1);
    byNameAndKind.set(nameAndKind(tag), (byNameAndKind.get(nameAndKind(tag)) ?? 0) + 1);
  }
  return (tag) => {
    if ((byNameAndKind.get(nameAndKind(tag)) ?? 0) > 1) return `${tag.kind} ${tag.type} ${tag.address}`;
    if ((byName.get(tag.name) ?? 0) > 1) return tag.kind;
    return undefined;
  };
}
