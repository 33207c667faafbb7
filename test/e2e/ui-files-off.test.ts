// The window of a browser UI without file access on the TagSim machine (what `tagsim serve --ui
// --host 0.0.0.0` gives): no by-path items in the scene menu, and uploads and downloads work.
// TagSim is started in-process with files 'none' (the sandbox cannot rely on binding a
// network address); the window is the real bundle in chromium, over 127.0.0.1.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { openBrowser, poll, row, type TestBrowser } from './support/tagsim-ui.js';

const rendererDir = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));

let tagsim: TagSim | undefined;
let b: TestBrowser | undefined;
let dir: string;
let diskBefore: string[];

// Each test its own TagSim, scene file and window, so none sees another's uploads.
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tagsim-e2e-files-off-'));
  const sceneFile = join(dir, 'line.tagsim.json');
  writeFileSync(sceneFile, serializeScene({ ...builtinScene('Sorting by Height (Basic)')!, name: 'Line' }));
  diskBefore = readdirSync(dir);
  tagsim = await startTagSim({
    server: { port: 0 },
    scene: { file: sceneFile },
    simulation: { startRunning: false },
    ui: { rendererDir, fileAccess: 'none' },
  });
  b = await openBrowser();
  await b.page.goto(tagsim.uiUrl!);
  await row(b.page, 'Counter').waitFor();
}, 30_000);

afterEach(async () => {
  const problems = [...(b?.problems ?? [])];
  await b?.close();
  await tagsim?.close();
  [b, tagsim] = [undefined, undefined];
  rmSync(dir, { recursive: true, force: true });
  expect(problems, 'console or page errors in the window').toEqual([]);
});

const page = () => b!.page;
const openMenu = () => page().getByRole('button', { name: 'Scene', exact: true }).click();
const menuItems = () => page().getByRole('menu').getByRole('menuitem').allTextContents();

describe('the browser window without file access', () => {
  it('offers no by-path items: no open by path, recent files, save as or state by path', async () => {
    await openMenu();
    const items = (await menuItems()).join('\n');
    expect(items).toContain('Open file…');
    expect(items).toContain('Download .tagsim.json');
    expect(items).toContain('Download state');
    expect(items).toContain('Restore state from file…');
    for (const gone of [
      'Open by path…',
      'Save as…',
      'Save state…',
      'Restore state by path…',
      'line.tagsim.json',
    ])
      expect(items).not.toContain(gone);
    expect(await page().getByRole('menu').getByRole('group', { name: 'Recent files' }).count()).toBe(0);
    await page().keyboard.press('Escape');
  });

  it('downloads the scene from the scene bar, and the state from the menu', async () => {
    const button = page().locator('.scenebar').getByRole('button', { name: 'Download', exact: true });
    const [scene] = await Promise.all([page().waitForEvent('download'), button.click()]);
    expect(scene.suggestedFilename()).toBe('Line.tagsim.json');
    expect(JSON.parse(readFileSync(await scene.path(), 'utf8'))).toMatchObject({ name: 'Line' });

    await openMenu();
    const [state] = await Promise.all([
      page().waitForEvent('download'),
      page()
        .getByRole('menuitem', { name: /Download state/ })
        .click(),
    ]);
    expect(state.suggestedFilename()).toBe('Line.tagsim-state.json');
    expect(readdirSync(dir)).toEqual(diskBefore);
  });

  it('opens an uploaded scene file', async () => {
    await page()
      .locator('#scene-file-input')
      .setInputFiles({
        name: 'weight.tagsim.json',
        mimeType: 'application/json',
        buffer: Buffer.from(serializeScene({ ...builtinScene('Sorting by Weight')!, name: 'Weighed' })),
      });
    await poll(() => tagsim!.engine.scene.name).toBe('Weighed');
    await poll(() => page().locator('.scene-name').textContent()).toBe('Weighed');
    expect(readdirSync(dir)).toEqual(diskBefore);
  });
});
