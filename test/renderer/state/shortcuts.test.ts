import { describe, expect, it } from 'vitest';
import {
  sceneShortcut,
  simulationShortcut,
  trafficShortcut,
  type KeyPress,
} from '../../../renderer/state/shortcuts.js';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('the scene shortcuts', () => {
  it('undo, redo and save with Ctrl or Cmd', () => {
    expect(sceneShortcut(press('z', { ctrlKey: true }), false)).toBe('undo');
    expect(sceneShortcut(press('z', { metaKey: true }), false)).toBe('undo');
    expect(sceneShortcut(press('Z', { ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(sceneShortcut(press('z', { metaKey: true, shiftKey: true }), false)).toBe('redo');
    expect(sceneShortcut(press('y', { ctrlKey: true }), false)).toBe('redo');
    expect(sceneShortcut(press('s', { ctrlKey: true }), false)).toBe('save');
    expect(sceneShortcut(press('s', { metaKey: true }), false)).toBe('save');
  });

  it('leaves undo and redo to text fields, but saves from them', () => {
    expect(sceneShortcut(press('z', { ctrlKey: true }), true)).toBeUndefined();
    expect(sceneShortcut(press('z', { ctrlKey: true, shiftKey: true }), true)).toBeUndefined();
    expect(sceneShortcut(press('y', { ctrlKey: true }), true)).toBeUndefined();
    expect(sceneShortcut(press('s', { ctrlKey: true }), true)).toBe('save');
  });

  it('ignores plain keys, Alt combinations and the others', () => {
    expect(sceneShortcut(press('z'), false)).toBeUndefined();
    expect(sceneShortcut(press('z', { ctrlKey: true, altKey: true }), false)).toBeUndefined();
    expect(sceneShortcut(press('y', { metaKey: true }), false)).toBeUndefined();
    expect(sceneShortcut(press('s', { ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
    expect(sceneShortcut(press('f', { ctrlKey: true }), false)).toBeUndefined();
  });
});

describe('the simulation shortcuts', () => {
  it('runs with F5 and pauses with F6', () => {
    expect(simulationShortcut(press('F5'))).toBe('run');
    expect(simulationShortcut(press('F6'))).toBe('pause');
  });

  it('leaves modified function keys and other keys alone', () => {
    expect(simulationShortcut(press('F5', { ctrlKey: true }))).toBeUndefined();
    expect(simulationShortcut(press('F5', { shiftKey: true }))).toBeUndefined();
    expect(simulationShortcut(press('F6', { altKey: true }))).toBeUndefined();
    expect(simulationShortcut(press('F5', { metaKey: true }))).toBeUndefined();
    expect(simulationShortcut(press('F7'))).toBeUndefined();
    expect(simulationShortcut(press('r'))).toBeUndefined();
  });
});

describe('the Traffic shortcut', () => {
  it('is Ctrl+Shift+L or Cmd+Shift+L, in either letter case, and nothing else', () => {
    expect(trafficShortcut(press('L', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(trafficShortcut(press('l', { metaKey: true, shiftKey: true }))).toBe(true);
    expect(trafficShortcut(press('l', { ctrlKey: true }))).toBe(false);
    expect(trafficShortcut(press('L', { shiftKey: true }))).toBe(false);
    expect(trafficShortcut(press('L', { ctrlKey: true, shiftKey: true, altKey: true }))).toBe(false);
  });
});
