/**
 * Menus as data. The tray and the application menu are pure functions of the state that return
 * these items, each clickable one carrying the action it stands for (plain data, so a model can
 * be compared with the one shown and tested without Electron); toMenuTemplate turns them into
 * Electron's menu template, wiring each click to a runner.
 */

/** The Electron menu roles TagSim uses: built-in behaviour Electron implements per platform. */
export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'close'
  | 'minimize'
  | 'zoom'
  | 'front'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'windowMenu';

/** A menu item, in the shape of Electron's MenuItemConstructorOptions minus the click handler. */
export type MenuModelItem<A> =
  | { type: 'separator' }
  | {
      type: 'normal';
      label: string;
      enabled: boolean;
      action?: A;
      accelerator?: string;
      /** A second line under the label (macOS 14.4 and later only). */
      sublabel?: string;
      /** Hover text (macOS only). */
      toolTip?: string;
    }
  | { type: 'radio' | 'checkbox'; label: string; checked: boolean; action: A }
  | { type: 'submenu'; label: string; submenu: MenuModelItem<A>[] }
  /** An item Electron implements itself (copy, paste, zoom, ...): its label and keys are the platform's. */
  | { type: 'role'; role: MenuRole; label?: string };

/** An item of an Electron menu template (MenuItemConstructorOptions). */
export interface MenuTemplateItem {
  type?: 'normal' | 'separator' | 'submenu' | 'checkbox' | 'radio';
  role?: MenuRole;
  label?: string;
  sublabel?: string;
  toolTip?: string;
  accelerator?: string;
  enabled?: boolean;
  checked?: boolean;
  submenu?: MenuTemplateItem[];
  click?: () => void;
}

/** Electron reads `&` in a label as a keyboard mnemonic; `&&` shows one `&`. */
export const escapeLabel = (text: string) => text.replaceAll('&', '&&');

/** Turns a menu model into an Electron menu template; each click runs the item's action. */
export function toMenuTemplate<A>(
  items: readonly MenuModelItem<A>[],
  run: (action: A) => void,
): MenuTemplateItem[] {
  return items.map((item): MenuTemplateItem => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'submenu':
        return { type: 'submenu', label: item.label, submenu: toMenuTemplate(item.submenu, run) };
      case 'role':
        return { role: item.role, ...(item.label !== undefined ? { label: item.label } : {}) };
      case 'normal': {
        const { action, type, label, enabled, accelerator, sublabel, toolTip } = item;
        return {
          type,
          label,
          enabled,
          ...(accelerator !== undefined ? { accelerator } : {}),
          ...(sublabel !== undefined ? { sublabel } : {}),
          ...(toolTip !== undefined ? { toolTip } : {}),
          ...(action !== undefined ? { click: () => run(action) } : {}),
        };
      }
      default: {
        const { action } = item;
        return { type: item.type, label: item.label, checked: item.checked, click: () => run(action) };
      }
    }
  });
}

/** The menu as a comparable key: the same key means the same menu on screen. */
export const menuKey = <A>(items: readonly MenuModelItem<A>[]): string => JSON.stringify(items);
