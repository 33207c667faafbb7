import { useEffect, useState } from 'preact/hooks';
import { TAG_KINDS, TAG_TYPES, type TagKind, type TagType } from '../../../shared/core/tag-types.js';
import { isSystemTag, type SceneEdit } from '../../../shared/scenes/scene-editor.js';
import type { Ask } from '../../state/dialogs.js';
import type { EditResult } from '../../state/scene-flows.js';
import { addedTagId, type ScenesModel } from '../../state/scenes-model.js';
import { BehavioursPanel } from './BehavioursPanel.js';
import { EditField, FieldErrors } from './EditField.js';
import { TagEditor } from './TagEditor.js';

export interface EditorPanelProps {
  scenes: ScenesModel;
  selectedId: string | undefined;
  disabled: boolean;
  edit(edit: SceneEdit): Promise<EditResult>;
  ask: Ask;
  onSelect(id: string | undefined): void;
  /** The tag to select once this one is deleted (its neighbour in the table). */
  neighbourOf(id: string): string | undefined;
}

/** The details panel in editor mode: add a tag, edit the selected one, name the scene. */
export function EditorPanel(props: EditorPanelProps) {
  const { scenes, selectedId, disabled } = props;
  const doc = scenes.document;
  const tag = selectedId === undefined ? undefined : scenes.tag(selectedId);
  const [justAdded, setJustAdded] = useState<string | undefined>(undefined);
  const [actionErrors, setActionErrors] = useState<{ id: string; errors: readonly string[] }>();
  const [view, setView] = useState<EditorView>('tags');

  // The name of a tag just added gets the focus once, not every time it is selected again.
  useEffect(() => {
    if (justAdded !== undefined && justAdded !== selectedId) setJustAdded(undefined);
  }, [selectedId]);

  const act = async (id: string, edit: SceneEdit): Promise<EditResult> => {
    const result = await props.edit(edit);
    setActionErrors(result.ok ? undefined : { id, errors: result.problems });
    return result;
  };
  const selectAdded = (before: NonNullable<typeof doc>, result: EditResult) => {
    if (!result.ok) return;
    const id = addedTagId(before.scene, result.document.scene);
    if (id === undefined) return;
    setJustAdded(id);
    props.onSelect(id);
  };

  return (
    <aside class="details editor-panel" aria-label="Scene editor">
      {/* The panel's heading for a screen reader's outline (h1 is the scene, h3 its sections). */}
      <h2 class="visually-hidden">Scene editor</h2>
      <EditorTabs view={view} behaviours={doc?.scene.behaviours?.length ?? 0} onChange={setView} />
      {view === 'behaviours' ? (
        <div id="editor-view-behaviours" role="tabpanel" aria-labelledby="editor-tab-behaviours">
          <BehavioursPanel scene={doc?.scene} disabled={disabled || !doc} edit={props.edit} />
        </div>
      ) : (
        <div id="editor-view-tags" role="tabpanel" aria-labelledby="editor-tab-tags">
          <AddTag
            disabled={disabled || !doc}
            onAdd={async (kind, type) => {
              if (!doc) return { ok: false, problems: ['The scene is not loaded yet.'] };
              const afterId = tag && !isSystemTag(tag) ? tag.id : undefined;
              const result = await props.edit({ op: 'addTag', kind, type, ...(afterId ? { afterId } : {}) });
              selectAdded(doc, result);
              return result;
            }}
          />
          {tag && doc ? (
            <TagEditor
              key={tag.id}
              tag={tag}
              index={scenes.indexOf(tag.id)}
              count={doc.scene.tags.length}
              system={isSystemTag(tag)}
              disabled={disabled}
              focusName={justAdded === tag.id}
              edit={props.edit}
              actionErrors={actionErrors?.id === tag.id ? actionErrors.errors : undefined}
              onMove={(toIndex) => void act(tag.id, { op: 'moveTag', id: tag.id, toIndex })}
              onDuplicate={() =>
                void act(tag.id, { op: 'duplicateTag', id: tag.id }).then((r) => selectAdded(doc, r))
              }
              onDelete={async () => {
                if (!(await props.ask('deleteTag', { tagName: tag.name }))) return;
                const next = props.neighbourOf(tag.id);
                const result = await act(tag.id, { op: 'deleteTag', id: tag.id });
                if (result.ok) props.onSelect(next);
              }}
            />
          ) : (
            <p class="details-empty">Select a tag in the table to edit it, or add one.</p>
          )}
          {doc ? (
            <SceneProperties
              name={doc.scene.name}
              description={doc.scene.description ?? ''}
              disabled={disabled}
              edit={props.edit}
            />
          ) : null}
        </div>
      )}
    </aside>
  );
}

type EditorView = 'tags' | 'behaviours';

/** Tags or Behaviours: what the editor panel edits (ARIA tabs: ← → switch, Tab enters the panel). */
function EditorTabs(props: { view: EditorView; behaviours: number; onChange(view: EditorView): void }) {
  const views: readonly (readonly [EditorView, string])[] = [
    ['tags', 'Tags'],
    ['behaviours', 'Behaviours'],
  ];
  return (
    <div
      class="editor-tabs"
      role="tablist"
      aria-label="What to edit"
      onKeyDown={(event) => {
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        event.preventDefault();
        const next = props.view === 'tags' ? 'behaviours' : 'tags';
        props.onChange(next);
        document.getElementById(`editor-tab-${next}`)?.focus();
      }}
    >
      {views.map(([view, label]) => (
        <button
          key={view}
          id={`editor-tab-${view}`}
          type="button"
          role="tab"
          class="editor-tab"
          aria-selected={props.view === view}
          aria-controls={`editor-view-${view}`}
          tabIndex={props.view === view ? 0 : -1}
          onClick={() => props.onChange(view)}
        >
          {label} {view === 'behaviours' ? <span class="tab-count">{props.behaviours}</span> : null}
        </button>
      ))}
    </div>
  );
}

function AddTag(props: { disabled: boolean; onAdd(kind: TagKind, type: TagType): Promise<EditResult> }) {
  const [kind, setKind] = useState<TagKind>('Input');
  const [type, setType] = useState<TagType>('Bit');
  const [errors, setErrors] = useState<readonly string[] | undefined>(undefined);
  return (
    <section class="details-section add-tag" aria-labelledby="add-tag-heading">
      <h3 id="add-tag-heading">Add a tag</h3>
      <form
        class="add-tag-row"
        onSubmit={(event) => {
          event.preventDefault();
          void props.onAdd(kind, type).then((r) => setErrors(r.ok ? undefined : r.problems));
        }}
      >
        <label class="visually-hidden" for="add-tag-kind">
          Kind of the new tag
        </label>
        <select
          id="add-tag-kind"
          value={kind}
          disabled={props.disabled}
          onChange={(event) => setKind((event.currentTarget as HTMLSelectElement).value as TagKind)}
        >
          {TAG_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <label class="visually-hidden" for="add-tag-type">
          Type of the new tag
        </label>
        <select
          id="add-tag-type"
          value={type}
          disabled={props.disabled}
          onChange={(event) => setType((event.currentTarget as HTMLSelectElement).value as TagType)}
        >
          {TAG_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button type="submit" class="primary" disabled={props.disabled}>
          + Add tag
        </button>
      </form>
      <p class="hint field-hint">It goes after the selected tag, at the first free address.</p>
      {errors ? <FieldErrors id="add-tag-error" errors={errors} /> : null}
    </section>
  );
}

function SceneProperties(props: {
  name: string;
  description: string;
  disabled: boolean;
  edit(edit: SceneEdit): Promise<EditResult>;
}) {
  const rename = async (edit: { name: string; description?: string }) => {
    const result = await props.edit({ op: 'renameScene', ...edit });
    return result.ok ? { ok: true as const } : { ok: false as const, errors: result.problems };
  };
  return (
    <section class="details-section scene-properties" aria-labelledby="scene-properties-heading">
      <h3 id="scene-properties-heading">Scene</h3>
      <EditField
        id="edit-scene-name"
        label="Scene name"
        value={props.name}
        disabled={props.disabled}
        onCommit={(text) =>
          text.trim() === ''
            ? Promise.resolve({ ok: false, errors: ['The scene needs a name.'] })
            : rename({ name: text })
        }
      />
      <EditField
        id="edit-scene-description"
        label="Scene description"
        value={props.description}
        disabled={props.disabled}
        placeholder="What the scene is for"
        onCommit={(text) => rename({ name: props.name, description: text })}
      />
    </section>
  );
}
