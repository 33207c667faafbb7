import { useState } from 'preact/hooks';
import type { TagType, TagValue } from '../../../shared/core/tag-types.js';
import { parseEntry } from '../../state/value-entry.js';

export interface ValueEntryProps {
  /** Unique in the page: the input's id and the base of its error's id. */
  id: string;
  label: string;
  buttonLabel: string;
  type: TagType;
  initial: string;
  disabled?: boolean;
  /** Sends the value; resolves to an error message to show, or undefined. */
  onSubmit(value: TagValue): Promise<string | undefined>;
}

/**
 * A numeric entry for Int and Float tags. What is typed is checked with the core's conversion
 * rules before anything is sent; the API's message (or the host's) is shown under the field.
 */
export function ValueEntry(props: ValueEntryProps) {
  const [text, setText] = useState(props.initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const errorId = `${props.id}-error`;
  const noteId = `${props.id}-note`;

  const submit = async (event: Event) => {
    event.preventDefault();
    const parsed = parseEntry(props.type, text);
    if (!parsed.ok) {
      setError(parsed.error);
      setNote(undefined);
      return;
    }
    setBusy(true);
    const refused = await props.onSubmit(parsed.value);
    setError(refused);
    setNote(refused === undefined ? parsed.note : undefined);
    setBusy(false);
  };

  return (
    <form class="value-entry" onSubmit={submit} noValidate>
      <label for={props.id}>{props.label}</label>
      <div class="entry-row">
        <input
          id={props.id}
          type="text"
          inputMode={props.type === 'Int' ? 'numeric' : 'decimal'}
          class="mono"
          value={text}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={error !== undefined}
          aria-describedby={error !== undefined ? errorId : note !== undefined ? noteId : undefined}
          disabled={props.disabled}
          placeholder="number"
          onInput={(event) => {
            setText((event.currentTarget as HTMLInputElement).value);
            setError(undefined);
            setNote(undefined);
          }}
        />
        <button type="submit" disabled={props.disabled || busy}>
          {props.buttonLabel}
        </button>
      </div>
      {error !== undefined ? (
        <div id={errorId} class="inline-error" role="alert">
          {error}
        </div>
      ) : null}
      {note !== undefined ? (
        <div id={noteId} class="inline-note" role="status">
          {note}
        </div>
      ) : null}
    </form>
  );
}
