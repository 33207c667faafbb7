import type { RefObject } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TagDefinition } from '../../../shared/core/tag-types.js';
import type { Behaviour } from '../../../shared/sim/behaviour-types.js';
import { entryProblems, insertTag, parseBehaviourText } from '../../state/behaviour-text.js';
import type { EditResult } from '../../state/scene-flows.js';
import { IS_MAC } from '../../ui/dom.js';
import { FieldErrors } from './EditField.js';

export interface BehaviourEditorProps {
  /** Its place in the list (where a new one goes): the index the host's problems name. */
  index: number;
  /** What the scene has (or, for a new behaviour, the template): the text follows it. */
  value: string;
  /** A behaviour not in the scene yet: Apply adds it, Esc drops it. */
  isNew: boolean;
  /** Problems to show at once (a duplicate the host refused). */
  initialErrors?: readonly string[];
  disabled: boolean;
  tags: readonly TagDefinition[];
  textRef: RefObject<HTMLTextAreaElement>;
  onApply(behaviour: Behaviour): Promise<EditResult>;
  /** Esc on a new behaviour, or its Discard button. */
  onDiscard(): void;
}

const INDENT = '  ';

/**
 * One behaviour as JSON text: Apply (or Ctrl/Cmd+Enter) sends it to the host, which checks it
 * against the scene; a refusal shows each problem at its place inside the entry and changes
 * nothing. Esc puts back what the scene has. Tab indents; Esc then Tab leaves the field, so the
 * keyboard is never trapped.
 */
export function BehaviourEditor(props: BehaviourEditorProps) {
  const [text, setText] = useState(props.value);
  const [errors, setErrors] = useState<readonly string[] | undefined>(props.initialErrors);
  const [busy, setBusy] = useState(false);
  const tabLeaves = useRef(false);
  const changed = props.isNew || text !== props.value;
  const errorId = 'behaviour-json-error';

  // The scene changed under the editor (undo, redo, another window): show what it has now.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setText(props.value);
    setErrors(undefined);
  }, [props.value]);

  const apply = async () => {
    if (busy || props.disabled) return;
    const parsed = parseBehaviourText(text);
    if (!parsed.ok) {
      setErrors([parsed.message]);
      const area = props.textRef.current;
      if (area && parsed.offset !== undefined) {
        area.focus();
        area.setSelectionRange(parsed.offset, parsed.offset);
      }
      return;
    }
    setBusy(true);
    const result = await props.onApply(parsed.behaviour);
    setBusy(false);
    setErrors(result.ok ? undefined : entryProblems(result.problems, props.index));
  };

  const revert = () => {
    if (props.isNew) return props.onDiscard();
    setText(props.value);
    setErrors(undefined);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const area = event.currentTarget as HTMLTextAreaElement;
    const leave = tabLeaves.current;
    tabLeaves.current = false;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void apply();
    } else if (event.key === 'Escape') {
      tabLeaves.current = true;
      if (!changed && errors === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      revert();
    } else if (event.key === 'Tab' && !event.shiftKey && !leave && !event.ctrlKey && !event.altKey) {
      event.preventDefault();
      replaceText(area, area.selectionStart, area.selectionEnd, INDENT);
    }
  };

  const mod = IS_MAC ? '⌘' : 'Ctrl';
  return (
    <>
      <div class="behaviour-json-field">
        <label for="behaviour-json">JSON of the behaviour</label>
        <textarea
          id="behaviour-json"
          ref={props.textRef}
          class="mono behaviour-json"
          value={text}
          rows={Math.min(18, Math.max(6, text.split('\n').length + 1))}
          spellcheck={false}
          autocomplete="off"
          autocapitalize="off"
          disabled={props.disabled}
          aria-invalid={errors !== undefined}
          aria-describedby={`behaviour-json-hint${errors !== undefined ? ` ${errorId}` : ''}`}
          onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
          onKeyDown={onKeyDown}
        />
        <p id="behaviour-json-hint" class="hint field-hint">
          {mod}+Enter applies; Esc {props.isNew ? 'drops it' : 'puts back what the scene has'}. Tab indents;
          Esc then Tab leaves the field.
        </p>
        {errors !== undefined ? <FieldErrors id={errorId} errors={errors} /> : null}
      </div>
      <div class="button-row behaviour-apply-row">
        <button
          type="button"
          class="primary"
          disabled={props.disabled || busy || !changed}
          onClick={() => void apply()}
        >
          {props.isNew ? 'Add to the scene' : 'Apply'}
        </button>
        <button
          type="button"
          disabled={props.disabled || (!changed && errors === undefined)}
          onClick={revert}
        >
          {props.isNew ? 'Discard' : 'Revert'}
        </button>
        {changed && !props.isNew ? <span class="unapplied-note">Not applied yet</span> : null}
      </div>
    </>
  );
}

/** Puts a tag at the text field's cursor (see insertTag). */
export function insertTagAtCursor(
  area: HTMLTextAreaElement | null,
  tag: TagDefinition,
  tags: readonly TagDefinition[],
): void {
  if (!area || area.disabled) return;
  const change = insertTag(area.value, area.selectionStart, area.selectionEnd, tag, tags);
  replaceText(area, change.from, change.to, change.inserted);
  area.setSelectionRange(change.cursor, change.cursor);
}

/** Replaces part of the text as typing would: the field's own undo (Ctrl+Z) can take it back. */
function replaceText(area: HTMLTextAreaElement, from: number, to: number, inserted: string): void {
  area.focus();
  area.setSelectionRange(from, to);
  if (!document.execCommand('insertText', false, inserted)) {
    area.setRangeText(inserted, from, to, 'end');
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** How many tags the palette lists at once; the filter finds the others. */
const SHOWN_TAGS = 150;

/**
 * The scene's tags, with their kind and type, to put into the text with a click: in a string it
 * replaces the name, elsewhere it inserts a whole reference.
 */
export function TagPalette(props: {
  tags: readonly TagDefinition[];
  disabled: boolean;
  onInsert(tag: TagDefinition): void;
}) {
  const [filter, setFilter] = useState('');
  const matching = useMemo(() => {
    const wanted = filter.trim().toLowerCase();
    return wanted === '' ? props.tags : props.tags.filter((t) => t.name.toLowerCase().includes(wanted));
  }, [props.tags, filter]);
  const shown = matching.slice(0, SHOWN_TAGS);
  return (
    <div class="behaviour-tags">
      <div class="behaviour-tags-head">
        <span id="behaviour-tags-heading" class="subheading">
          Tags of the scene
        </span>
        <label class="visually-hidden" for="behaviour-tags-filter">
          Find a tag to insert
        </label>
        <input
          id="behaviour-tags-filter"
          type="search"
          placeholder="Find a tag"
          value={filter}
          autocomplete="off"
          spellcheck={false}
          onInput={(event) => setFilter((event.currentTarget as HTMLInputElement).value)}
        />
      </div>
      <p class="hint field-hint">
        Click a tag to insert it at the cursor: inside quotes, its name replaces the string; elsewhere,{' '}
        <code>{'{"name", "kind"}'}</code>.
      </p>
      <ul class="behaviour-tag-list" aria-labelledby="behaviour-tags-heading">
        {shown.map((tag) => (
          <li key={tag.id}>
            <button
              type="button"
              class="behaviour-tag"
              disabled={props.disabled}
              title={`Insert ${tag.name} (${tag.kind} ${tag.type})`}
              // Keep the text field's selection: the tag goes where the cursor was.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => props.onInsert(tag)}
            >
              <span class="behaviour-tag-name">{tag.name}</span>
              <span class={`kind-badge ${tag.kind === 'Input' ? 'kind-input' : 'kind-output'}`}>
                {tag.kind}
              </span>
              <span class="behaviour-tag-type">{tag.type}</span>
            </button>
          </li>
        ))}
      </ul>
      {matching.length > shown.length ? (
        <p class="hint field-hint">{matching.length - shown.length} more: narrow the search to see them.</p>
      ) : null}
      {matching.length === 0 ? <p class="hint field-hint">No tag has that in its name.</p> : null}
    </div>
  );
}
