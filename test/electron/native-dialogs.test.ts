// Electron's dialogs as TagSim uses them (main/electron/native-dialogs.ts): the extension a Save as
// adds, file filters, the problem list of an error box, and dialogs modal to the window.
import { describe, expect, it, vi } from 'vitest';
import {
  bindDialogs,
  type ElectronDialogLike,
  problemList,
  sceneFileFilters,
  withSceneExtension,
} from '../../main/electron/native-dialogs.js';

describe('file names and dialogs', () => {
  it('adds the extension only when the name has none of its own', () => {
    expect(withSceneExtension('/a/line')).toBe('/a/line.tagsim.json');
    expect(withSceneExtension('/a/line.tagsim.json')).toBe('/a/line.tagsim.json');
    expect(withSceneExtension('/a/line.json')).toBe('/a/line.json');
    expect(withSceneExtension('/a.json/line')).toBe('/a.json/line.tagsim.json');
  });

  it('lists problems with a limit', () => {
    expect(problemList(['a', 'b'])).toBe('• a\n• b');
    expect(problemList(['a', 'b', 'c'], 2)).toBe('• a\n• b\n… and 1 more problem');
  });

  it("opens the simulator's saved scenes too, and never offers them for saving", () => {
    expect(sceneFileFilters('linux', 'open')[1]).toStrictEqual({
      name: 'FACTORY I/O scene',
      extensions: ['factoryio'],
    });
    expect(sceneFileFilters('darwin', 'open').map((f) => f.extensions)).toEqual([
      ['json'],
      ['factoryio'],
      ['*'],
    ]);
    expect(sceneFileFilters('linux').flatMap((f) => f.extensions)).not.toContain('factoryio');
  });

  it('filters *.tagsim.json, except on macOS, which matches by the last part only', () => {
    expect(sceneFileFilters('win32')[0]).toStrictEqual({ name: 'TagSim scene', extensions: ['tagsim.json'] });
    expect(sceneFileFilters('darwin')).toStrictEqual([
      { name: 'TagSim scene', extensions: ['json'] },
      { name: 'All files', extensions: ['*'] },
    ]);
  });

  it('bindDialogs makes the dialogs modal to the window while there is one on screen', async () => {
    const window = { id: 'window' };
    const shown: { window?: typeof window } = {};
    const electron = {
      showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })),
      showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })),
      showMessageBox: vi.fn(async () => ({ response: 0 })),
    };
    const bound = bindDialogs(electron as unknown as ElectronDialogLike<typeof window>, () => shown.window);
    await bound.showMessageBox({ message: 'standalone' });
    await bound.showOpenDialog({ title: 'standalone' });
    await bound.showSaveDialog({ title: 'standalone' });
    shown.window = window;
    await bound.showMessageBox({ message: 'modal' });
    await bound.showOpenDialog({ title: 'modal' });
    await bound.showSaveDialog({ title: 'modal' });
    for (const fn of [electron.showMessageBox, electron.showOpenDialog, electron.showSaveDialog]) {
      const calls = fn.mock.calls as unknown[][];
      expect(calls[0]).toHaveLength(1);
      expect(calls[1]?.[0]).toBe(window);
    }
  });
});
