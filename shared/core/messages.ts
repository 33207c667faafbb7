import type { TagType } from './tag-types.js';

/** The exact per-item error messages of the real simulator (docs/api.md, "Batches and per-item errors"). */
export const messages = {
  idNotFound: (id: string) => `Tag with id '${id}' not found.`,
  nameNotFound: (name: string) => `Tag named '${name}' not found.`,
  inputNotWritable: 'Not allowed to set value of an input tag.',
  cannotConvert: (type: TagType) => `Could not convert value to the tag data type: ${type}.`,
  cannotConvertToBool: 'Could not convert value to bool data type',
  // TagSim's own wording: the vendor does not document malformed items.
  malformedValueItem: (key: 'id' | 'name') => `Item must be an object with a string '${key}' and a 'value'.`,
  malformedRef: (key: 'id' | 'name') => `Item must be a tag ${key} string.`,
} as const;
