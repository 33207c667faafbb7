// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { SceneDocument } from '../../../shared/scenes/scene-document.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../../shared/scenes/builtin-scenes.js';
import { SceneBar, type SceneBarProps } from '../../../renderer/components/scene/SceneBar.js';
import type { SceneCommands } from '../../../renderer/hooks/use-scene-window.js';
import { allByRole, button, buttonNames, byRole, click, mount, nameOf, press } from './harness.js';

const DOCUMENT: SceneDocument = {
  scene: builtinScene(DEFAULT_SCENE_NAME)!,
  origin: 'file',
  path: '/plants/line.tagsim.json',
  dirty: false,
  canUndo: false,
  canRedo: false,
};

/** The commands a desktop window has: everything, files by path included. */
function desktopCommands(): SceneCommands {
  const names = [
    'newScene',
    'openBuiltin',
    'openFile',
    'openPath',
    'openRecent',
    'save',
    'saveAs',
    'download',
  ];
  const more = ['saveState', 'restoreStateFile', 'restoreStatePath', 'undo', 'redo'];
  return Object.fromEntries([...names, ...more].map((name) => [name, vi.fn()])) as unknown as SceneCommands;
}

/** What a browser window without file access on the TagSim machine has. */
function browserCommands(): SceneCommands {
  const { openPath, openRecent, saveAs, download, restoreStatePath, ...rest } = desktopCommands();
  void [openPath, openRecent, saveAs, download, restoreStatePath];
  return rest;
}

function setup(over: Partial<SceneBarProps> = {}) {
  const props: SceneBarProps = {
    document: DOCUMENT,
    recent: ['/plants/line.tagsim.json', '/old/press.tagsim.json'],
    editing: false,
    disabled: false,
    isMac: false,
    commands: desktopCommands(),
    onToggleEditing: vi.fn(),
    ...over,
  };
  const { root } = mount(<SceneBar {...props} />);
  const openMenu = () => {
    click(button(root, 'Scene'));
    return byRole(root, 'menu');
  };
  return { root, props, openMenu };
}

describe('the scene bar', () => {
  it('names the scene and where it comes from, and marks unsaved changes', () => {
    const saved = setup();
    expect(saved.root.querySelector('.scene-name')!.textContent).toBe(DEFAULT_SCENE_NAME);
    expect(saved.root.querySelector('.scene-where')!.textContent).toBe('/plants/line.tagsim.json');
    expect(saved.root.querySelector('.dirty-mark')).toBeNull();
    const fresh = setup({ document: { ...DOCUMENT, origin: 'new', path: undefined, dirty: true } });
    expect(fresh.root.querySelector('.scene-where')!.textContent).toBe('New scene, not saved yet');
    expect(nameOf(fresh.root.querySelector('.dirty-mark')!)).toBe('Unsaved');
    const read = setup({
      document: { ...DOCUMENT, origin: 'import', path: undefined, readFrom: '/plants/Line 3.factoryio' },
    });
    expect(read.root.querySelector('.scene-where')!.textContent).toBe(
      'Read from /plants/Line 3.factoryio; Save writes a .tagsim.json',
    );
  });

  it('says it is loading before the scene arrives, with nothing to click but the menu', () => {
    const { root } = setup({ document: undefined });
    expect(root.querySelector('.scene-name')!.textContent).toBe('Loading…');
    expect(['Undo', 'Redo', 'Save', 'Edit scene'].map((name) => button(root, name).disabled)).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it('undoes and redoes only what there is to undo or redo', () => {
    const { root, props } = setup({ document: { ...DOCUMENT, canUndo: true } });
    expect(button(root, 'Redo').disabled).toBe(true);
    expect(button(root, 'Undo').title).toBe('Undo the last edit (Ctrl+Z)');
    click(button(root, 'Undo'));
    expect(props.commands.undo).toHaveBeenCalledOnce();
  });

  it('saves, and toggles the editor', () => {
    const { root, props } = setup({ editing: true });
    expect(button(root, 'Edit scene').getAttribute('aria-pressed')).toBe('true');
    click(button(root, 'Save'));
    click(button(root, 'Edit scene'));
    expect(props.commands.save).toHaveBeenCalledOnce();
    expect(props.onToggleEditing).toHaveBeenCalledOnce();
  });

  it('offers files by path and the recent files on the desktop, and runs the one chosen', () => {
    const { root, props, openMenu } = setup({ isMac: true });
    const menu = openMenu();
    expect(button(root, 'Scene').getAttribute('aria-expanded')).toBe('true');
    expect(
      allByRole(menu, 'menuitem').map((item) => item.querySelector('.menu-label')!.firstChild!.textContent),
    ).toEqual([
      'New scene…',
      'Open built-in scene…',
      'Open file…',
      'Open by path…',
      'line.tagsim.json',
      'press.tagsim.json',
      'Save',
      'Save as…',
      'Download .tagsim.json',
      'Save state…',
      'Restore state from file…',
      'Restore state by path…',
    ]);
    expect([...menu.querySelectorAll('.menu-shortcut')].map((k) => k.textContent)).toEqual(['⌘S']);
    click(button(menu, /^press\.tagsim\.json/));
    expect(props.commands.openRecent).toHaveBeenCalledWith('/old/press.tagsim.json');
    expect(root.querySelector('[role="menu"]')).toBeNull();
  });

  it('downloads instead of saving where the window has no files on the TagSim machine', () => {
    const { root, props, openMenu } = setup({ commands: browserCommands() });
    expect(buttonNames(root)).toEqual(['Scene', 'Undo', 'Redo', 'Download', 'Edit scene']);
    const menu = openMenu();
    expect(root.querySelector('[aria-label="Recent files"]')).toBeNull();
    click(button(menu, /^Download \.tagsim\.json/));
    click(button(root, 'Scene'));
    click(button(byRole(root, 'menu'), /^Download state/));
    expect(props.commands.save).toHaveBeenCalledOnce();
    expect(props.commands.saveState).toHaveBeenCalledOnce();
  });

  it('opens its menu from the keyboard, moves through it and closes it with Escape', () => {
    const { root } = setup();
    const menuButton = button(root, 'Scene');
    press('ArrowDown', menuButton);
    const menu = byRole(root, 'menu');
    expect(nameOf(document.activeElement!)).toBe('New scene…');
    press('ArrowUp', document.activeElement!);
    expect(nameOf(document.activeElement!)).toMatch(/^Restore state by path…/);
    press('Home', document.activeElement!);
    press('ArrowDown', document.activeElement!);
    expect(nameOf(document.activeElement!)).toBe('Open built-in scene…');
    press('Escape', menu);
    expect(root.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });
});
