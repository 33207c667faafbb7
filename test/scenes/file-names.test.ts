// The one way TagSim turns a scene's name into a file name (shared/scenes/file-names.ts): what Save
// as and a download suggest for a scene, and what saving the state suggests.
import { describe, expect, it } from 'vitest';
import { sceneFileName, snapshotFileName } from '../../shared/scenes/file-names.js';

describe('file names from a scene name', () => {
  it('name a scene file after its scene, without what file systems refuse', () => {
    expect(sceneFileName('Sorting by Height (Basic)')).toBe('Sorting by Height (Basic).tagsim.json');
    expect(sceneFileName('Line 1/2: "A"')).toBe('Line 1-2- -A-.tagsim.json');
    expect(sceneFileName('A/B: C*?')).toBe('A-B- C-.tagsim.json');
    expect(sceneFileName('tab\there')).toBe('tab-here.tagsim.json');
    expect(sceneFileName('Line 3. ')).toBe('Line 3.tagsim.json');
    expect(sceneFileName('   ')).toBe('Scene.tagsim.json');
  });

  it('name a state snapshot after its scene the same way', () => {
    expect(snapshotFileName('Sorting by Height (Basic)')).toBe('Sorting by Height (Basic).tagsim-state.json');
    expect(snapshotFileName('A/B: "C"?')).toBe('A-B- -C-.tagsim-state.json');
    expect(snapshotFileName('Line 3. ')).toBe('Line 3.tagsim-state.json');
    expect(snapshotFileName('  ')).toBe('TagSim.tagsim-state.json');
  });
});
