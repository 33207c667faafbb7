import { useEffect, useRef, useState } from 'preact/hooks';
import { TAG_KINDS, TAG_TYPES, type TagDefinition } from '../../../shared/core/tag-types.js';
import type { SceneEdit, TagChanges } from '../../../shared/scenes/scene-editor.js';
import type { EditResult } from '../../state/scene-flows.js';
import {
  bitInitialChoice,
  commitBitInitial,
  commitField,
  fieldText,
  hasRange,
  type TagField,
} from '../../state/tag-form.js';
import { EditField, FieldErrors, type CommitResult } from './EditField.js';

export interface TagEditorProps {
  tag: TagDefinition;
  /** Its position in scene order, and how many tags the scene has. */
  index: number;
  count: number;
  /** A system tag of the simulator: shown, never changed. */
  system: boolean;
  disabled: boolean;
  /** Focus (and select) the name once shown: a tag just added. */
  focusName: boolean;
  edit(edit: SceneEdit): Promise<EditResult>;
  onMove(toIndex: number): void;
  onDuplicate(): void;
  onDelete(): void;
  actionErrors: readonly string[] | undefined;
}

/**
 * The selected tag's definition, field by field: each change goes to the host on its own (Enter,
 * leaving the field, or picking an option) and the host's refusal shows under that field.
 */
export function TagEditor(props: TagEditorProps) {
  const { tag, system, disabled } = props;
  const locked = disabled || system;
  const nameRef = useRef<HTMLInputElement>(null);
  const [choiceErrors, setChoiceErrors] = useState<{ field: string; errors: readonly string[] }>();

  useEffect(() => {
    if (props.focusName) {
      nameRef.current?.focus();
      nameRef.current?.select();
    }
  }, []);

  const send = async (changes: TagChanges | undefined): Promise<CommitResult> => {
    if (changes === undefined) return { ok: true };
    const result = await props.edit({ op: 'updateTag', id: tag.id, changes });
    return result.ok ? { ok: true } : { ok: false, errors: result.problems };
  };
  const commit = (field: TagField) => async (text: string) => {
    const parsed = commitField(tag, field, text);
    return parsed.ok ? send(parsed.changes) : { ok: false as const, errors: [parsed.error] };
  };
  const choose = async (field: string, changes: TagChanges | undefined) => {
    const result = await send(changes);
    setChoiceErrors(result.ok ? undefined : { field, errors: result.errors });
  };
  const field = (
    name: TagField,
    label: string,
    extra: { mono?: boolean; numeric?: boolean; placeholder?: string } = {},
  ) => (
    <EditField
      id={`edit-tag-${name}`}
      label={label}
      value={fieldText(tag, name)}
      disabled={locked}
      onCommit={commit(name)}
      {...extra}
    />
  );
  const choiceError = (name: string) =>
    choiceErrors?.field === name ? (
      <FieldErrors id={`edit-tag-${name}-error`} errors={choiceErrors.errors} />
    ) : null;

  return (
    <section class="details-section tag-editor" aria-labelledby="tag-editor-heading">
      <h3 id="tag-editor-heading">
        {system ? 'System tag' : 'Tag'}
        <span class="position">
          {props.index + 1} of {props.count}
        </span>
      </h3>
      {system ? (
        <p class="locked-note">
          <span aria-hidden="true">🔒 </span>A system tag of the simulator: every scene has it at this
          address. It cannot be changed or deleted.
        </p>
      ) : null}
      <EditField
        id="edit-tag-name"
        label="Name"
        inputRef={nameRef}
        value={tag.name}
        disabled={locked}
        onCommit={commit('name')}
      />
      <div class="field-pair">
        <div class="edit-field">
          <label for="edit-tag-kind">Kind</label>
          <select
            id="edit-tag-kind"
            value={tag.kind}
            disabled={locked}
            aria-invalid={choiceErrors?.field === 'kind'}
            onChange={(event) => {
              const parsed = commitField(tag, 'kind', (event.currentTarget as HTMLSelectElement).value);
              if (parsed.ok) void choose('kind', parsed.changes);
            }}
          >
            {TAG_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </div>
        <div class="edit-field">
          <label for="edit-tag-type">Type</label>
          <select
            id="edit-tag-type"
            value={tag.type}
            disabled={locked}
            aria-invalid={choiceErrors?.field === 'type'}
            onChange={(event) => {
              const parsed = commitField(tag, 'type', (event.currentTarget as HTMLSelectElement).value);
              if (parsed.ok) void choose('type', parsed.changes);
            }}
          >
            {TAG_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
      </div>
      {choiceError('kind')}
      {choiceError('type')}
      <p class="hint field-hint">A new kind or type moves the tag to a free address of that space.</p>
      {field('address', 'Address', { mono: true, numeric: true })}
      {hasRange(tag.type) ? (
        <div class="field-pair">
          {field('min', 'Range min', { mono: true, numeric: true, placeholder: 'none' })}
          {field('max', 'Range max', { mono: true, numeric: true, placeholder: 'none' })}
        </div>
      ) : null}
      {tag.type === 'Bit' ? (
        <div class="edit-field">
          <label for="edit-tag-initial">Initial value</label>
          <select
            id="edit-tag-initial"
            value={bitInitialChoice(tag)}
            disabled={locked}
            aria-invalid={choiceErrors?.field === 'initial'}
            onChange={(event) =>
              void choose('initial', commitBitInitial(tag, (event.currentTarget as HTMLSelectElement).value))
            }
          >
            <option value="false">false (Off)</option>
            <option value="true">true (On)</option>
          </select>
          {choiceError('initial')}
        </div>
      ) : (
        field('initial', 'Initial value', { mono: true, numeric: true, placeholder: '0' })
      )}
      {field('description', 'Description', {
        placeholder: 'What the tag is, for the people using the scene',
      })}
      <div class="tag-id mono" title="Tag id: it never changes, so clients that stored it keep working">
        {tag.id}
      </div>
      <div class="button-row editor-actions">
        <button
          type="button"
          disabled={disabled || props.index <= 0}
          onClick={() => props.onMove(props.index - 1)}
        >
          <span aria-hidden="true">↑ </span>Move up
        </button>
        <button
          type="button"
          disabled={disabled || props.index >= props.count - 1}
          onClick={() => props.onMove(props.index + 1)}
        >
          <span aria-hidden="true">↓ </span>Move down
        </button>
        <button type="button" disabled={locked} onClick={props.onDuplicate}>
          Duplicate
        </button>
        <button type="button" class="danger" disabled={locked} onClick={props.onDelete}>
          Delete…
        </button>
      </div>
      {props.actionErrors ? <FieldErrors id="edit-tag-actions-error" errors={props.actionErrors} /> : null}
    </section>
  );
}
