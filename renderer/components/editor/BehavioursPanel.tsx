import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SceneDefinition } from '../../../shared/scenes/scene-definition.js';
import type { TagDefinition } from '../../../shared/core/tag-types.js';
import type { SceneEdit } from '../../../shared/scenes/scene-editor.js';
import type { Behaviour } from '../../../shared/sim/behaviour-types.js';
import { sceneBehaviours } from '../../../shared/scenes/scene-plant.js';
import { duplicateOf, kindCounts, selectionAfterDelete } from '../../state/behaviour-list.js';
import {
  BEHAVIOUR_KIND_LABELS,
  behaviourKind,
  summarizeBehaviour,
  type BehaviourKind,
} from '../../state/behaviour-summary.js';
import { behaviourTemplates, type BehaviourTemplate } from '../../state/behaviour-templates.js';
import { behaviourText, entryProblems } from '../../state/behaviour-text.js';
import type { EditResult } from '../../state/scene-flows.js';
import { BehaviourEditor, insertTagAtCursor, TagPalette } from './BehaviourEditor.js';
import { FieldErrors } from './EditField.js';
import { MenuButton } from '../widgets/MenuButton.js';

export interface BehavioursPanelProps {
  scene: SceneDefinition | undefined;
  disabled: boolean;
  edit(edit: SceneEdit): Promise<EditResult>;
}

/** A behaviour being added: not in the scene until the host accepts it. */
interface Draft {
  readonly behaviour: Behaviour;
  /** Where it goes in the list. */
  readonly index: number;
  readonly errors?: readonly string[];
  /** A new draft gets a new editor. */
  readonly serial: number;
}

/**
 * The scene's plant in the editor: its behaviours in order with a line each, a JSON editor for
 * the selected one, templates to add from, and the built-in plant a scene without its own runs.
 * Every change is one scene edit, checked by the host with the scene-file rules and undoable.
 */
export function BehavioursPanel({ scene, disabled, edit }: BehavioursPanelProps) {
  const own = scene?.behaviours ?? [];
  const tags = scene?.tags ?? [];
  const plant = useMemo(() => (scene ? sceneBehaviours(scene) : undefined), [scene]);
  const templates = useMemo(() => (scene ? behaviourTemplates(scene) : []), [scene]);
  const [selected, setSelected] = useState<number | undefined>(own.length > 0 ? 0 : undefined);
  const [draft, setDraft] = useState<Draft>();
  const [listErrors, setListErrors] = useState<readonly string[]>();
  const [notice, setNotice] = useState<string>();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const serial = useRef(0);

  // The list can shrink under the selection (undo of an add, another window).
  const at = selected === undefined || own.length === 0 ? undefined : Math.min(selected, own.length - 1);

  useEffect(() => {
    if (draft) textRef.current?.focus();
  }, [draft?.serial]);
  useEffect(() => {
    if (at !== undefined) document.getElementById(`behaviour-${at}`)?.scrollIntoView({ block: 'nearest' });
  }, [at]);

  const select = (index: number | undefined) => {
    setSelected(index);
    setDraft(undefined);
    setListErrors(undefined);
    setNotice(undefined);
  };
  const startDraft = (behaviour: Behaviour, errors?: readonly string[], index?: number) => {
    setListErrors(undefined);
    setNotice(undefined);
    setDraft({
      behaviour,
      index: index ?? (at === undefined ? own.length : at + 1),
      serial: ++serial.current,
      ...(errors ? { errors } : {}),
    });
  };
  /** A change from the list's buttons or keys: its refusal shows under the list. */
  const act = async (change: SceneEdit, after: number | undefined, message?: string) => {
    const result = await edit(change);
    setListErrors(result.ok ? undefined : result.problems);
    if (result.ok) {
      setSelected(after);
      setNotice(message);
    }
    return result;
  };

  const move = (delta: number) => {
    if (at === undefined || at + delta < 0 || at + delta >= own.length) return;
    void act({ op: 'moveBehaviour', index: at, toIndex: at + delta }, at + delta);
  };
  const remove = () => {
    if (at === undefined) return;
    void act(
      { op: 'deleteBehaviour', index: at },
      selectionAfterDelete(at, own.length),
      `Deleted behaviours[${at}]: Undo brings it back.`,
    ).then(() => listRef.current?.focus());
  };
  const duplicate = async () => {
    if (at === undefined) return;
    const copy = duplicateOf(own, at);
    const result = await edit({ op: 'addBehaviour', behaviour: copy, index: at + 1 });
    if (result.ok) select(at + 1);
    // Refused (a copied generator drives the same tag): the copy opens, with why, to be fixed.
    else startDraft(copy, entryProblems(result.problems, at + 1), at + 1);
  };

  const onListKey = (event: KeyboardEvent) => {
    if (own.length === 0) return;
    const current = at ?? -1;
    let next: number | undefined;
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      move(event.key === 'ArrowUp' ? -1 : 1);
    } else if (event.key === 'ArrowUp') next = Math.max(0, current - 1);
    else if (event.key === 'ArrowDown') next = Math.min(own.length - 1, current + 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = own.length - 1;
    else if (event.key === 'Enter') textRef.current?.focus();
    else if (event.key === 'Delete') remove();
    else return;
    event.preventDefault();
    if (next !== undefined) select(next);
  };

  const sections = (['rule', 'signal', 'conveyor'] as const).map((kind) => ({
    label: SECTION_LABELS[kind],
    items: templates
      .filter((t) => t.kind === kind)
      .map((t: BehaviourTemplate) => ({ label: t.label, onSelect: () => startDraft(t.behaviour) })),
  }));
  const lent = plant?.source === 'builtin';
  const insertTag = (tag: TagDefinition) => insertTagAtCursor(textRef.current, tag, tags);

  return (
    <div class="behaviours-panel">
      <section class="details-section behaviours-list-section" aria-labelledby="behaviours-heading">
        <h3 id="behaviours-heading">
          Behaviours
          <span class="position">{own.length > 0 ? kindCounts(own) : 'none of its own'}</span>
        </h3>
        {lent && scene ? (
          <div class="plant-note">
            <p>
              This scene has no behaviours of its own: it runs the plant of the built-in scene “{scene.name}”
              ({plant.behaviours.length}), shown below. Copy it to edit it; a behaviour added without copying
              replaces it.
            </p>
            <button
              type="button"
              class="primary"
              disabled={disabled}
              onClick={() => void act({ op: 'setBehaviours', behaviours: plant.behaviours }, 0)}
            >
              Copy the built-in plant into this scene
            </button>
          </div>
        ) : null}
        {!lent && own.length === 0 ? (
          <p class="hint">
            No behaviours: the tags move only when a client or the window sets them. Add one from a template.
          </p>
        ) : null}
        <div class="behaviours-add-row">
          <MenuButton
            id="add-behaviour"
            label="+ Add behaviour"
            ariaLabel="Add behaviour from a template"
            sections={sections}
            disabled={disabled || !scene}
          />
          <span class="hint">Goes after the selected one.</span>
        </div>
        {own.length > 0 ? (
          <div
            ref={listRef}
            class="behaviour-list"
            role="listbox"
            tabIndex={0}
            aria-label="Behaviours of the scene, in order"
            aria-activedescendant={at === undefined ? undefined : `behaviour-${at}`}
            onKeyDown={onListKey}
          >
            {own.map((b, i) => (
              <BehaviourRow
                key={i}
                id={`behaviour-${i}`}
                index={i}
                behaviour={b}
                tags={tags}
                selected={i === at && !draft}
                onSelect={() => select(i)}
              />
            ))}
          </div>
        ) : null}
        {lent && plant ? (
          <ul class="behaviour-list lent" aria-label="The built-in plant this scene runs">
            {plant.behaviours.map((b, i) => (
              <li key={i}>
                <RowContent index={i} behaviour={b} tags={tags} />
              </li>
            ))}
          </ul>
        ) : null}
        {listErrors ? <FieldErrors id="behaviour-list-error" errors={listErrors} /> : null}
        <div class="hint behaviour-notice" role="status">
          {notice ?? ''}
        </div>
      </section>
      {draft ? (
        <section class="details-section behaviour-editor" aria-labelledby="behaviour-editor-heading">
          <h3 id="behaviour-editor-heading">
            New behaviour
            <span class="position">behaviours[{draft.index}], not in the scene yet</span>
          </h3>
          <BehaviourEditor
            key={`draft-${draft.serial}`}
            index={draft.index}
            value={behaviourText(draft.behaviour)}
            isNew
            {...(draft.errors ? { initialErrors: draft.errors } : {})}
            disabled={disabled}
            tags={tags}
            textRef={textRef}
            onApply={async (behaviour) => {
              const result = await edit({ op: 'addBehaviour', behaviour, index: draft.index });
              if (result.ok) select(draft.index);
              return result;
            }}
            onDiscard={() => {
              setDraft(undefined);
              listRef.current?.focus();
            }}
          />
          <TagPalette tags={tags} disabled={disabled} onInsert={insertTag} />
        </section>
      ) : at !== undefined ? (
        <section class="details-section behaviour-editor" aria-labelledby="behaviour-editor-heading">
          <h3 id="behaviour-editor-heading">
            Behaviour [{at}]
            <span class="position">
              {at + 1} of {own.length}
            </span>
          </h3>
          <BehaviourEditor
            key={`entry-${at}`}
            index={at}
            value={behaviourText(own[at]!)}
            isNew={false}
            disabled={disabled}
            tags={tags}
            textRef={textRef}
            onApply={(behaviour) => edit({ op: 'updateBehaviour', index: at, behaviour })}
            onDiscard={() => undefined}
          />
          <div class="button-row editor-actions">
            <button type="button" disabled={disabled || at <= 0} onClick={() => move(-1)}>
              <span aria-hidden="true">↑ </span>Move up
            </button>
            <button type="button" disabled={disabled || at >= own.length - 1} onClick={() => move(1)}>
              <span aria-hidden="true">↓ </span>Move down
            </button>
            <button type="button" disabled={disabled} onClick={() => void duplicate()}>
              Duplicate
            </button>
            <button type="button" class="danger" disabled={disabled} onClick={remove}>
              Delete
            </button>
          </div>
          <TagPalette tags={tags} disabled={disabled} onInsert={insertTag} />
        </section>
      ) : null}
    </div>
  );
}

const SECTION_LABELS: Readonly<Record<BehaviourKind, string>> = {
  rule: 'Rules',
  signal: 'Signal generators',
  conveyor: 'Conveyors',
  crane: 'Stacker cranes',
};

function BehaviourRow(props: {
  id: string;
  index: number;
  behaviour: Behaviour;
  tags: SceneDefinition['tags'];
  selected: boolean;
  onSelect(): void;
}) {
  return (
    <div
      id={props.id}
      class={`behaviour-row${props.selected ? ' selected' : ''}`}
      role="option"
      aria-selected={props.selected}
      onClick={props.onSelect}
    >
      <RowContent index={props.index} behaviour={props.behaviour} tags={props.tags} />
    </div>
  );
}

function RowContent(props: { index: number; behaviour: Behaviour; tags: SceneDefinition['tags'] }) {
  const kind = behaviourKind(props.behaviour);
  const name = 'name' in props.behaviour ? props.behaviour.name : undefined;
  return (
    <>
      <span class="behaviour-index mono">[{props.index}]</span>
      <span class={`behaviour-kind behaviour-kind-${kind}`}>{BEHAVIOUR_KIND_LABELS[kind]}</span>
      <span class="behaviour-text">
        {name ? <span class="behaviour-name">{name}</span> : null}
        <span class="behaviour-summary">{summarizeBehaviour(props.behaviour, props.tags)}</span>
      </span>
    </>
  );
}
