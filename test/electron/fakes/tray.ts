// The tray icon and its menus, faked: they keep what they were given so tests can read and click it.
import type { MenuTemplateItem } from '../../../main/electron/tray.js';
import { FakeEmitter } from './emitter.js';

/** A built menu: keeps its template so tests can read and click it. */
export interface FakeMenu {
  template: MenuTemplateItem[];
}

export class FakeTray extends FakeEmitter {
  readonly images: string[] = [];
  readonly tooltips: string[] = [];
  readonly menus: (FakeMenu | null)[] = [];
  destroyed = false;
  constructor(image?: string) {
    super();
    if (image !== undefined) this.images.push(image);
  }
  setImage(image: string): void {
    this.images.push(image);
  }
  setToolTip(tooltip: string): void {
    this.tooltips.push(tooltip);
  }
  setContextMenu(menu: FakeMenu | null): void {
    this.menus.push(menu);
  }
  destroy(): void {
    this.destroyed = true;
  }
  get menu(): FakeMenu {
    const menu = this.menus.at(-1);
    if (!menu) throw new Error('no context menu set');
    return menu;
  }
}

/** Finds a menu item by its label path, e.g. ['Quick faults', 'Motor', 'Always On']. */
export function findItem(items: readonly MenuTemplateItem[], path: readonly string[]): MenuTemplateItem {
  const [head, ...rest] = path;
  const item = items.find((i) => i.label === head);
  if (!item) {
    throw new Error(`no menu item '${head}' among ${items.map((i) => i.label ?? '---').join(', ')}`);
  }
  if (rest.length === 0) return item;
  return findItem(item.submenu ?? [], rest);
}
