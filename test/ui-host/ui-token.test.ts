// The browser UI's token outlives a restart: kept in a file only its user can read.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadOrCreateUiToken, uiTokenFile } from '../../main/ui-host/ui-token.js';

const folder = () => mkdtempSync(join(tmpdir(), 'tagsim-token-'));

describe('the UI token file', () => {
  it('is created with a random token readable by its user only, then reused', async () => {
    const file = join(folder(), 'nested', 'ui-token');
    const token = await loadOrCreateUiToken(file);
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateUiToken(file)).toBe(token);
    expect(await loadOrCreateUiToken(join(folder(), 'ui-token'))).not.toBe(token);
  });

  it('is replaced when what it holds is no token', async () => {
    const file = join(folder(), 'ui-token');
    writeFileSync(file, 'short\n');
    const token = await loadOrCreateUiToken(file);
    expect(token).not.toBe('short');
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
  });

  it('still gives a token when the file cannot be written', async () => {
    const blocked = join(folder(), 'ui-token');
    writeFileSync(blocked, 'x');
    expect(await loadOrCreateUiToken(join(blocked, 'below-a-file'))).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });

  it('lives where the environment says, else in the user config folder', () => {
    expect(uiTokenFile({ TAGSIM_UI_TOKEN_FILE: '/x/t' }, 'linux')).toBe('/x/t');
    expect(uiTokenFile({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe('/cfg/tagsim/ui-token');
    expect(uiTokenFile({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toBe(
      join('C:/Users/a/AppData/Roaming', 'TagSim', 'ui-token'),
    );
  });
});
