// Problems TagSim met while starting are shown in the window with their file, not only printed
// to a console nobody reads: here, the notes of a state snapshot that does not fully fit.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { captureSnapshot, serializeSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { poll, windowPerTest } from './support/tagsim-ui.js';

let state: string;

beforeAll(async () => {
  const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
  const snapshot = captureSnapshot(DEFAULT_SCENE_NAME, engine.listTagStates());
  snapshot.tags.push({
    ...snapshot.tags[0]!,
    id: '11111111-2222-4333-8444-555555555555',
    name: 'Gone sensor',
  });
  state = join(mkdtempSync(join(tmpdir(), 'tagsim-notices-')), 'lesson.tagsim-state.json');
  writeFileSync(state, serializeSnapshot(snapshot));
});

const ui = windowPerTest({ args: () => ['--state', state], firstRow: 'Counter' });

describe('start-up problems in the window', () => {
  it('are listed with their file until dismissed', async () => {
    const banner = ui.b.page.getByRole('alert').filter({ hasText: 'TagSim started, but' });
    await banner.waitFor();
    expect(await banner.locator('li').allTextContents()).toEqual([
      `${state} 1 tag of the snapshot not in this scene: 'Gone sensor'`,
    ]);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await poll(() => banner.count()).toBe(0);
    // Still true for this TagSim: a window opened anew shows them again.
    await ui.b.page.reload();
    await banner.waitFor();
  });
});
