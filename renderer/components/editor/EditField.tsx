import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

/** What a commit came to: sent (or nothing to send), or the lines to show under the field. */
export type CommitResult = { ok: true } | { ok: false; errors: readonly string[] };

export interface EditFieldProps {
  /** Unique in the page: the input's id and the base of its error's id. */
  id: string;
  label: string;
  /** What the scene has now; the field follows it (undo, redo, another window). */
  value: string;
  disabled?: boolean;
  mono?: boolean;
  numeric?: boolean;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  onCommit(text: string): Promise<CommitResult>;
}

/**
 * A field of the scene editor: what is typed is committed on Enter or when focus leaves (and,
 * so that nothing typed is lost, when the field goes away); Esc puts back what the scene has.
 * A refused commit keeps the text and shows the host's reasons under the field.
 */
export function EditField(props: EditFieldProps) {
  const [text, setText] = useState(props.value);
  const [errors, setErrors] = useState<readonly string[] | undefined>(undefined);
  const latest = useRef({ text, value: props.value, onCommit: props.onCommit });
  latest.current = { text, value: props.value, onCommit: props.onCommit };
  const inFlight = useRef<string | undefined>(undefined);
  const errorId = `${props.id}-error`;

  // The scene changed under the field: show what it has now.
  useEffect(() => {
    setText(props.value);
    setErrors(undefined);
  }, [props.value]);

  // Leaving (another tag selected) commits what was typed and not yet committed.
  useEffect(
    () => () => {
      const { text: typed, value, onCommit } = latest.current;
      if (typed !== value && typed !== inFlight.current) void onCommit(typed);
    },
    [],
  );

  const commit = async () => {
    const typed = latest.current.text;
    if (typed === inFlight.current) return;
    if (typed === latest.current.value) {
      setErrors(undefined);
      return;
    }
    inFlight.current = typed;
    const result = await props.onCommit(typed);
    inFlight.current = undefined;
    setErrors(result.ok ? undefined : result.errors);
  };

  return (
    <div class="edit-field">
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        ref={props.inputRef}
        type="text"
        class={props.mono ? 'mono' : undefined}
        inputMode={props.numeric ? 'decimal' : undefined}
        value={text}
        placeholder={props.placeholder}
        autocomplete="off"
        spellcheck={false}
        disabled={props.disabled}
        aria-invalid={errors !== undefined}
        aria-describedby={errors !== undefined ? errorId : undefined}
        onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void commit();
          } else if (event.key === 'Escape' && (text !== props.value || errors !== undefined)) {
            event.preventDefault();
            event.stopPropagation();
            setText(props.value);
            setErrors(undefined);
          }
        }}
      />
      {errors !== undefined ? <FieldErrors id={errorId} errors={errors} /> : null}
    </div>
  );
}

/** The reasons a change was refused, under the field or control it concerns. */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <div id={id} class="inline-error field-errors" role="alert">
      {errors.map((line, i) => (
        <div key={i}>{line}</div>
      ))}
    </div>
  );
}
