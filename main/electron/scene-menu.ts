import path from 'node:path';
import type { SceneDocument, ScenesState } from '../../shared/scenes/scene-document.js';
import { escapeLabel, type MenuModelItem } from './menu-model.js';

/**
 * The scene items of the tray and of the application menu, as pure functions of the scenes
 * state (the built-in library, the recent files, the document served). scene-actions.ts runs
 * the commands they carry.
 */

/** What a scene menu item asks for. scene-actions.ts runs it, with dialogs where needed. */
export type SceneCommand =
  | { kind: 'newScene' }
  | { kind: 'openBuiltin'; name: string }
  /** A recent file. */
  | { kind: 'openPath'; path: string }
  /** The Open dialog, then the file chosen. */
  | { kind: 'openFile' }
  /** Save where it came from (the Save as dialog when it has no file yet). */
  | { kind: 'save' }
  | { kind: 'saveAs' }
  | { kind: 'undo' }
  | { kind: 'redo' };

/** The scene's name, and whether it has changes no file holds. */
export function documentLine(document: SceneDocument): string {
  return escapeLabel(document.dirty ? `${document.scene.name} (unsaved changes)` : document.scene.name);
}

/**
 * The recent files, newest first: the file's name as the label, its folder as the sublabel and
 * tooltip (shown on macOS). Files with the same name get their folder's name in the label too,
 * since Windows and Linux show no sublabel.
 */
export function recentItems<A>(recent: readonly string[], wrap: (command: SceneCommand) => A) {
  if (recent.length === 0) {
    return [{ type: 'normal', label: 'No recent files', enabled: false }] satisfies MenuModelItem<A>[];
  }
  const names = recent.map((file) => path.basename(file));
  return recent.map((file, i): MenuModelItem<A> => {
    const name = names[i]!;
    const folder = path.dirname(file);
    const shared = names.filter((n) => n === name).length > 1;
    return {
      type: 'normal',
      label: escapeLabel(shared ? `${name} (${path.basename(folder) || folder})` : name),
      enabled: true,
      sublabel: folder,
      toolTip: file,
      action: wrap({ kind: 'openPath', path: file }),
    };
  });
}

/** The built-in library as radio items: the one served is checked (when it is a built-in). */
export function builtinItems<A>(scenes: ScenesState, wrap: (command: SceneCommand) => A) {
  const { document } = scenes;
  return scenes.builtins.map((name): MenuModelItem<A> => ({
    type: 'radio',
    label: escapeLabel(name),
    checked: document.origin === 'builtin' && document.scene.name === name,
    action: wrap({ kind: 'openBuiltin', name }),
  }));
}

/** The tray's Save: there are changes, and a file to save them to (else Save as…). */
export const traySaveEnabled = (document: SceneDocument) => document.dirty && document.path !== undefined;

/**
 * The window menu's Save (Ctrl/Cmd+S): there are changes, or the scene has no file yet (a
 * built-in, a new or an imported scene), in which case it asks where with the Save as dialog.
 */
export const menuSaveEnabled = (document: SceneDocument) => document.dirty || document.path === undefined;

/** The tray's "Scenes" submenu. */
export function trayScenesMenu<A>(scenes: ScenesState, wrap: (command: SceneCommand) => A) {
  const { document } = scenes;
  const current: MenuModelItem<A> = {
    type: 'normal',
    label: documentLine(document),
    enabled: false,
    ...(document.path !== undefined ? { sublabel: document.path, toolTip: document.path } : {}),
  };
  return [
    current,
    { type: 'separator' },
    { type: 'submenu', label: 'Built-in scenes', submenu: builtinItems(scenes, wrap) },
    { type: 'submenu', label: 'Recent files', submenu: recentItems(scenes.recent, wrap) },
    { type: 'separator' },
    { type: 'normal', label: 'Open file…', enabled: true, action: wrap({ kind: 'openFile' }) },
    { type: 'normal', label: 'Save', enabled: traySaveEnabled(document), action: wrap({ kind: 'save' }) },
    { type: 'normal', label: 'Save as…', enabled: true, action: wrap({ kind: 'saveAs' }) },
  ] satisfies MenuModelItem<A>[];
}
