import { useState } from 'preact/hooks';
import type { TagType, TagValue } from '../../shared/core/tag-types.js';
import { parseEntry } from '../state/value-entry.js';

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
  const [busy, setBusy] = useState(false);
  const errorId = `${props.id}-error`;

  const submit = async (event: Event) => {
    event.preventDefault();
    const parsed = parseEntry(props.type, text);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setBusy(true);
    setError(await props.onSubmit(parsed.value));
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
          aria-describedby={error !== undefined ? errorId : undefined}
          disabled={props.disabled}
          placeholder={props.type === 'Int' ? 'whole number' : 'number'}
          onInput={(event) => {
            setText((event.currentTarget as HTMLInputElement).value);
            setError(undefined);
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
    </form>
  );
}
