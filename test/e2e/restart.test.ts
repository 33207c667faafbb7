// A window left open while `tagsim serve --ui` restarts: the token outlives the restart, so the
// window reconnects by itself, pins its quick faults again, and says what happened.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  forgetRefusedReconnects,
  poll,
  row,
  scrollToRow,
  startTagsimUi,
  windowPerTest,
} from './support/tagsim-ui.js';

let tokenFile: string;
const ui = windowPerTest({
  firstRow: 'Counter',
  tokenFile: () => (tokenFile = join(mkdtempSync(join(tmpdir(), 'tagsim-restart-')), 'ui-token')),
});

describe('a restart of tagsim serve --ui', () => {
  it('keeps the token in a file only its user can read', () => {
    const token = new URL(ui.tagsim.uiUrl).searchParams.get('token');
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
  });

  it('is survived by an open window: it reconnects, pins its quick faults again and says so', async () => {
    const { page } = ui.b;
    await (await scrollToRow(page, 'Loaded')).getByRole('button', { name: 'Pin' }).click();
    await poll(() => page.locator('.quick-faults .quick-name').allTextContents()).toEqual(['Loaded']);
    const port = new URL(ui.tagsim.apiUrl).port;
    const firstUrl = ui.tagsim.uiUrl;
    await ui.tagsim.stop();
    await page.getByText('Disconnected from TagSim.').waitFor();

    ui.tagsim = await startTagsimUi(['--port', port], 15_000, tokenFile);
    expect(ui.tagsim.uiUrl).toBe(firstUrl);
    await page
      .getByRole('status')
      .filter({
        hasText: 'TagSim restarted. The window reconnected by itself and pinned your quick fault again.',
      })
      .waitFor({ timeout: 20_000 });
    await poll(() => page.locator('.quick-faults .quick-name').allTextContents()).toEqual(['Loaded']);
    expect(await row(page, 'Loaded').getByRole('button', { name: 'Pin' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    forgetRefusedReconnects(ui.b);
  }, 60_000);
});
