import type { ComponentChildren } from 'preact';
import type { SceneDocument } from '../../../shared/scenes/scene-document.js';
import { baseName } from '../../../shared/window/scene-flow.js';
import type { StationBar } from '../../../shared/lab/restrictions.js';
import type { SceneCommands } from '../../hooks/use-scene-window.js';
import { MenuButton, type MenuSection } from '../widgets/MenuButton.js';

export interface SceneBarProps {
  document: SceneDocument | undefined;
  recent: readonly string[];
  editing: boolean;
  disabled: boolean;
  isMac: boolean;
  commands: SceneCommands;
  onToggleEditing(): void;
  /** The simulation's controls, between the scene's name and its actions (none without a simulation). */
  simulation?: ComponentChildren;
  /** Controls after Edit scene (the Traffic button). */
  extraActions?: ComponentChildren;
  /**
   * A lab station's window: its quiet line ("Lab station 2 · controls set by the instructor"),
   * and whether its student may choose scenes (the Scene menu, Save) and edit (Undo, Redo, Edit
   * scene); what they may not is not shown at all.
   */
  station?: StationBar | undefined;
}

const ORIGIN_LABELS: Record<SceneDocument['origin'], string> = {
  builtin: 'Built-in scene',
  file: 'File',
  new: 'New scene, not saved yet',
  import: 'Opened from an uploaded file, not saved to a path yet',
};

/** The scene: its name and unsaved marker, the scene menu, undo, redo, save, and the editor toggle. */
export function SceneBar(props: SceneBarProps) {
  const { document: doc, commands, disabled, isMac } = props;
  const mod = isMac ? '⌘' : 'Ctrl+';
  const { openPath, openRecent, saveAs, restoreStatePath } = commands;
  // Without file access on the TagSim machine, Save is the download (and so is Ctrl+S).
  const savesToFiles = saveAs !== undefined;
  const sections: MenuSection[] = [
    {
      items: [
        { label: 'New scene…', onSelect: commands.newScene },
        { label: 'Open built-in scene…', onSelect: commands.openBuiltin },
        {
          label: 'Open file…',
          onSelect: commands.openFile,
          detail: 'A .tagsim.json or .factoryio file from this computer',
        },
        ...(openPath
          ? [
              {
                label: 'Open by path…',
                onSelect: openPath,
                detail: 'A file on the computer that runs TagSim',
              },
            ]
          : []),
      ],
    },
    ...(openRecent
      ? [
          {
            label: 'Recent files',
            empty: 'No recent files',
            items: props.recent.map((path) => ({
              label: baseName(path),
              detail: path,
              onSelect: () => openRecent(path),
            })),
          },
        ]
      : []),
    {
      items: savesToFiles
        ? [
            { label: 'Save', onSelect: commands.save, shortcut: `${mod}S` },
            { label: 'Save as…', onSelect: saveAs },
            ...(commands.download
              ? [
                  {
                    label: 'Download .tagsim.json',
                    onSelect: commands.download,
                    detail: 'A copy on this computer',
                  },
                ]
              : []),
          ]
        : [
            {
              label: 'Download .tagsim.json',
              onSelect: commands.save,
              shortcut: `${mod}S`,
              detail: 'The scene as a file on this computer',
            },
          ],
    },
    {
      label: 'Runtime state',
      items: [
        restoreStatePath
          ? { label: 'Save state…', onSelect: commands.saveState, detail: 'Every value, force and failure' }
          : {
              label: 'Download state',
              onSelect: commands.saveState,
              detail: 'Every value, force and failure, as a file on this computer',
            },
        { label: 'Restore state from file…', onSelect: commands.restoreStateFile },
        ...(restoreStatePath ? [{ label: 'Restore state by path…', onSelect: restoreStatePath }] : []),
      ],
    },
  ];
  const where = doc
    ? doc.origin === 'file' && doc.path
      ? doc.path
      : doc.readFrom
        ? `Read from ${doc.readFrom}; Save writes a .tagsim.json`
        : ORIGIN_LABELS[doc.origin]
    : '';

  return (
    <header class="scenebar" aria-label="Scene">
      {props.station?.scenes === false ? null : (
        <MenuButton id="scene-menu" label="Scene" sections={sections} disabled={disabled} />
      )}
      <div class="scene-title">
        <h1
          class="scene-name"
          title={[doc?.scene.description ?? doc?.scene.name, where].filter(Boolean).join('\n')}
        >
          {doc?.scene.name ?? 'Loading…'}
        </h1>
        {doc?.dirty ? (
          <span class="dirty-mark" title="Unsaved changes: no file holds them yet">
            <span aria-hidden="true">●</span> Unsaved
          </span>
        ) : null}
        {props.station ? (
          <span class="scene-where station-line">{props.station.line}</span>
        ) : (
          <span class="scene-where" title={where}>
            {where}
          </span>
        )}
      </div>
      {props.simulation}
      <div class="scene-actions">
        {props.station?.editing === false ? null : (
          <>
            <button
              type="button"
              disabled={disabled || !doc?.canUndo}
              aria-keyshortcuts={isMac ? 'Meta+Z' : 'Control+Z'}
              title={`Undo the last edit (${mod}Z)`}
              onClick={commands.undo}
            >
              <span aria-hidden="true">↶ </span>
              <span class="wide-only">Undo</span>
            </button>
            <button
              type="button"
              disabled={disabled || !doc?.canRedo}
              aria-keyshortcuts={isMac ? 'Meta+Shift+Z' : 'Control+Shift+Z Control+Y'}
              title={`Redo (${isMac ? '⇧⌘Z' : 'Ctrl+Shift+Z or Ctrl+Y'})`}
              onClick={commands.redo}
            >
              <span aria-hidden="true">↷ </span>
              <span class="wide-only">Redo</span>
            </button>
          </>
        )}
        {props.station?.scenes === false ? null : (
          <button
            type="button"
            disabled={disabled || !doc}
            aria-keyshortcuts={isMac ? 'Meta+S' : 'Control+S'}
            title={
              savesToFiles
                ? `Save the scene to its file (${mod}S)`
                : `Download the scene as a .tagsim.json file (${mod}S)`
            }
            onClick={commands.save}
          >
            {savesToFiles ? 'Save' : 'Download'}
          </button>
        )}
        {props.station?.editing === false ? null : (
          <button
            type="button"
            class="edit-toggle"
            aria-pressed={props.editing}
            disabled={disabled || !doc}
            title="Edit the scene: tags, names, addresses, ranges, initial values"
            onClick={props.onToggleEditing}
          >
            <span aria-hidden="true">✎ </span>Edit<span class="wide-only"> scene</span>
          </button>
        )}
        {props.extraActions}
      </div>
    </header>
  );
}
