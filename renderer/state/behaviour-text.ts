import type { TagDefinition } from '../../shared/core/tag-types.js';
import { parseJsonText } from '../../shared/problems/json-text.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';

// The behaviour editor's text: one behaviour as pretty JSON, read back with errors a person can
// act on, the host's refusals turned to the place inside the entry, and tag names put in.

/** The widest line the editor's text puts an object or array on, when it fits. */
const INLINE_WIDTH = 56;

/**
 * How the editor shows a behaviour: two-space JSON, with each object or array that fits on one
 * line kept on one, and a flat object such as a tag reference always whole
 * (`"set": { "name": "Load", "kind": "Input" }`), as people write it.
 */
export function behaviourText(b: Behaviour): string {
  return pretty(b, '', 0);
}

function pretty(value: unknown, indent: string, keyWidth: number): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const inline = oneLine(value);
  if (indent.length + keyWidth + inline.length <= INLINE_WIDTH) return inline;
  // A flat object (a tag reference, a remover) reads best whole, even where it makes a line long.
  const flat = Object.values(value).every((v) => typeof v !== 'object' || v === null);
  if (flat && !Array.isArray(value) && inline.length <= INLINE_WIDTH) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => inner + pretty(v, inner, 0)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return inner + key + pretty(v, inner, key.length);
  });
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

function oneLine(value: object): string {
  if (Array.isArray(value)) return `[${value.map((v) => inlineValue(v)).join(', ')}]`;
  const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${inlineValue(v)}`);
  return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
}

function inlineValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? oneLine(value) : (JSON.stringify(value) ?? 'null');
}

export type ParsedBehaviour =
  | { ok: true; behaviour: Behaviour }
  /** `offset` is where the cursor goes to fix it, when the text says. */
  | { ok: false; message: string; offset?: number };

/**
 * Reads the editor's text as one behaviour. Only the JSON and the outer shape are checked here;
 * the host checks the rest against the scene's tags (and says where the problem is).
 */
export function parseBehaviourText(text: string): ParsedBehaviour {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const message = parsed.message
      .replace(/^the file is empty$/, 'the text is empty: write one behaviour, a JSON object {…}')
      .replace('the file ends too early', 'the text ends too early');
    return { ok: false, message, ...positionOf(text, parsed.message) };
  }
  const value = parsed.value;
  if (Array.isArray(value)) {
    return {
      ok: false,
      message:
        'this is an array; the editor takes one behaviour, a JSON object {…} (add the others one by one)',
    };
  }
  if (typeof value !== 'object' || value === null) {
    return { ok: false, message: `a behaviour is a JSON object {…}; got ${JSON.stringify(value)}` };
  }
  return { ok: true, behaviour: value as Behaviour };
}

/** The offset of "line L, column C" in the text. */
function positionOf(text: string, message: string): { offset?: number } {
  const at = /at line (\d+), column (\d+)/.exec(message);
  if (!at) return {};
  const lines = text.split('\n');
  const line = Math.min(Number(at[1]), lines.length);
  let offset = 0;
  for (let i = 0; i < line - 1; i++) offset += lines[i]!.length + 1;
  return { offset: Math.min(offset + Number(at[2]) - 1, text.length) };
}

/**
 * The host's problems for an edit of entry `index`, as the editor of that entry shows them:
 * `behaviours[3].then[0].set: ...` becomes `.then[0].set: ...`, `behaviours[3]: ...` becomes
 * `(this behaviour): ...`. Problems of other entries (a generator that now drives the tag of
 * another) keep their place.
 */
export function entryProblems(problems: readonly string[], index: number): string[] {
  const prefix = `behaviours[${index}]`;
  return problems.map((line) => {
    if (!line.startsWith(prefix)) return line;
    const rest = line.slice(prefix.length);
    if (rest.startsWith(':')) return `(this behaviour)${rest}`;
    return rest.startsWith('.') || rest.startsWith('[') ? rest : line;
  });
}

/**
 * Puts a tag into the text at the selection: inside a JSON string, its name replaces the string's
 * content (or just the selected part of it); elsewhere, a whole reference `{"name", "kind"}`
 * (by id when the scene has two tags of that name and kind).
 */
export function insertTag(
  text: string,
  start: number,
  end: number,
  tag: TagDefinition,
  tags: readonly TagDefinition[],
): TextChange {
  const string = enclosingString(text, start);
  if (string && end <= string.end) {
    const name = JSON.stringify(tag.name).slice(1, -1);
    const [from, to] = start === end ? [string.start, string.end] : [start, end];
    return change(text, from, to, name);
  }
  const twins = tags.filter((t) => t.name === tag.name && t.kind === tag.kind);
  const ref = twins.length > 1 ? { id: tag.id } : { name: tag.name, kind: tag.kind };
  const inserted = `{ ${Object.entries(ref)
    .map(([key, value]) => `"${key}": ${JSON.stringify(value)}`)
    .join(', ')} }`;
  return change(text, start, end, inserted);
}

/** A replacement of `from`-`to` by `inserted`: the text it makes, and the cursor after it. */
export interface TextChange {
  readonly from: number;
  readonly to: number;
  readonly inserted: string;
  readonly text: string;
  readonly cursor: number;
}

function change(text: string, from: number, to: number, inserted: string): TextChange {
  return {
    from,
    to,
    inserted,
    text: text.slice(0, from) + inserted + text.slice(to),
    cursor: from + inserted.length,
  };
}

/** The content span (without the quotes) of the JSON string around `at`, if `at` is inside one. */
function enclosingString(text: string, at: number): { start: number; end: number } | undefined {
  let open: number | undefined;
  for (let i = 0; i < at; i++) {
    const ch = text[i];
    if (open === undefined) {
      if (ch === '"') open = i + 1;
    } else if (ch === '\\') i++;
    else if (ch === '"') open = undefined;
    else if (ch === '\n') open = undefined; // a string does not span lines: the text is broken here
  }
  if (open === undefined) return undefined;
  let close = at;
  while (close < text.length && text[close] !== '"' && text[close] !== '\n') {
    close += text[close] === '\\' ? 2 : 1;
  }
  return text[close] === '"' ? { start: open, end: close } : undefined;
}
