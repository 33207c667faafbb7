import {
  TAG_KINDS,
  TAG_TYPES,
  type TagDefinition,
  type TagKind,
  type TagType,
} from '../../shared/core/tag-types.js';
import type { TagChanges } from '../../shared/scenes/scene-editor.js';
import { parseEntry } from './value-entry.js';

/** The fields of a tag the editor shows, each committed on its own. */
export type TagField = 'name' | 'kind' | 'type' | 'address' | 'min' | 'max' | 'initial' | 'description';

/** A field's commit: the change to send (none when the text says what the tag has), or a local error. */
export type FieldCommit = { ok: true; changes: TagChanges | undefined } | { ok: false; error: string };

/** The largest address the bridge accepts; the host names the real range of each type. */
const MAX_ADDRESS = 65535;

/** Int and Float tags have a range; Bits do not. */
export function hasRange(type: TagType): boolean {
  return type !== 'Bit';
}

/** A field's text as the editor shows it; an absent optional field is empty. */
export function fieldText(tag: TagDefinition, field: TagField): string {
  switch (field) {
    case 'name':
    case 'kind':
    case 'type':
      return tag[field];
    case 'address':
      return String(tag.address);
    case 'min':
    case 'max':
    case 'initial': {
      const value = tag[field];
      return value === undefined ? '' : String(value);
    }
    case 'description':
      return tag.description ?? '';
  }
}

/**
 * Reads what was typed into a field, so that only real changes reach the host and plain typing
 * mistakes are named at once. The host validates every change that is sent, with the scene
 * file's rules (address ranges and clashes, system tags, ranges against the initial value).
 */
export function commitField(tag: TagDefinition, field: TagField, text: string): FieldCommit {
  if (text === fieldText(tag, field)) return { ok: true, changes: undefined };
  switch (field) {
    case 'name': {
      const name = text.trim();
      if (name === '') return { ok: false, error: 'A tag needs a name.' };
      return { ok: true, changes: name === tag.name ? undefined : { name } };
    }
    case 'kind':
      if (!(TAG_KINDS as readonly string[]).includes(text))
        return { ok: false, error: 'Kind is Input or Output.' };
      return { ok: true, changes: { kind: text as TagKind } };
    case 'type':
      if (!(TAG_TYPES as readonly string[]).includes(text))
        return { ok: false, error: 'Type is Bit, Int or Float.' };
      return { ok: true, changes: { type: text as TagType } };
    case 'address': {
      const trimmed = text.trim();
      if (!/^\d+$/.test(trimmed) || Number(trimmed) > MAX_ADDRESS)
        return { ok: false, error: 'The address is a whole number, 0 or more.' };
      const address = Number(trimmed);
      return { ok: true, changes: address === tag.address ? undefined : { address } };
    }
    case 'min':
    case 'max':
    case 'initial': {
      if (text.trim() === '')
        return { ok: true, changes: tag[field] === undefined ? undefined : { [field]: null } };
      if (field !== 'initial' && !hasRange(tag.type))
        return { ok: false, error: 'Only Int and Float tags have a range.' };
      const parsed = parseEntry(tag.type, text);
      // A scene file states its numbers exactly: 1.5 is no Int range or initial value to round.
      if (!parsed.ok || parsed.note !== undefined)
        return { ok: false, error: `${text.trim()} is not a valid ${tag.type} value.` };
      return { ok: true, changes: parsed.value === tag[field] ? undefined : { [field]: parsed.value } };
    }
    case 'description':
      return { ok: true, changes: { description: text } };
  }
}

/** A Bit's initial value as a choice: a Bit starts Off unless it says true. */
export function bitInitialChoice(tag: TagDefinition): 'true' | 'false' {
  return tag.initial === true ? 'true' : 'false';
}

/** The change a Bit initial-value choice makes: On is `true`; Off clears it (Off is the default). */
export function commitBitInitial(tag: TagDefinition, choice: string): TagChanges | undefined {
  if (choice === bitInitialChoice(tag)) return undefined;
  return { initial: choice === 'true' ? true : null };
}
