import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from '../../main/settings/settings.js';
import { fileSettingsStore, memorySettingsStore } from '../../main/settings/settings-store.js';

const folder = () => mkdtempSync(join(tmpdir(), 'tagsim-settings-'));

describe('settings', () => {
  it('start from the defaults when the file is missing, then persist every change', async () => {
    const path = join(folder(), 'nested', 'settings.json');
    const store = await fileSettingsStore(path);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    await store.update({ port: 7411, pinnedTagIds: ['a', 'b'] });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      port: 7411,
      host: '127.0.0.1',
      pinnedTagIds: ['a', 'b'],
      recentScenes: [],
      simulation: { startRunning: true, seed: 1, timeScale: 1 },
    });
    const reopened = await fileSettingsStore(path);
    expect(reopened.get().pinnedTagIds).toEqual(['a', 'b']);
  });

  it('keep the last of many quick changes on disk and leave no temporary files', async () => {
    const dir = folder();
    const path = join(dir, 'settings.json');
    const store = await fileSettingsStore(path);
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.update({ port: 8000 + i })));
    expect(JSON.parse(readFileSync(path, 'utf8')).port).toBe(8019);
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });

  it('survive a corrupt file: the app starts with the defaults', async () => {
    const path = join(folder(), 'settings.json');
    writeFileSync(path, '{"port": 74');
    expect((await fileSettingsStore(path)).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('repair each bad field separately', () => {
    expect(
      parseSettings({
        port: 99999,
        host: '  ',
        pinnedTagIds: ['a', 3, 'a', 'b'],
        windowBounds: { x: 10, y: 20, width: 50, height: 5000 },
        recentScenes: ['/a.tagsim.json', 7, '', '/a.tagsim.json', '/b.tagsim.json'],
        unknown: true,
      }),
    ).toEqual({
      port: 7410,
      host: '127.0.0.1',
      pinnedTagIds: ['a', 'b'],
      recentScenes: ['/a.tagsim.json', '/b.tagsim.json'],
      windowBounds: { x: 10, y: 20, width: 400, height: 5000 },
      simulation: { startRunning: true, seed: 1, timeScale: 1 },
    });
    expect(parseSettings({ windowBounds: { x: 'left' } }).windowBounds).toBeUndefined();
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('start the simulation running, seed 1, at 1x, unless the file says otherwise', async () => {
    expect(DEFAULT_SETTINGS.simulation).toEqual({ startRunning: true, seed: 1, timeScale: 1 });
    const path = join(folder(), 'settings.json');
    // A preset written by hand (lab IT): only the fields it names change.
    writeFileSync(path, JSON.stringify({ simulation: { startRunning: false, timeScale: 2 } }));
    const store = await fileSettingsStore(path);
    expect(store.get().simulation).toEqual({ startRunning: false, seed: 1, timeScale: 2 });
    await store.update({ simulation: { ...store.get().simulation, startRunning: true } });
    expect(JSON.parse(readFileSync(path, 'utf8')).simulation).toEqual({
      startRunning: true,
      seed: 1,
      timeScale: 2,
    });
  });

  it.each([
    ['not an object', 'paused', { startRunning: true, seed: 1, timeScale: 1 }],
    [
      'a string for a boolean',
      { startRunning: 'no', seed: 7 },
      { startRunning: true, seed: 7, timeScale: 1 },
    ],
    ['a negative seed', { startRunning: false, seed: -1 }, { startRunning: false, seed: 1, timeScale: 1 }],
    ['a fractional seed', { seed: 1.5, timeScale: 0.25 }, { startRunning: true, seed: 1, timeScale: 0.25 }],
    ['a seed over 32 bits', { seed: 2 ** 32 }, { startRunning: true, seed: 1, timeScale: 1 }],
    [
      'a time scale above 8',
      { seed: 4294967295, timeScale: 9 },
      { startRunning: true, seed: 4294967295, timeScale: 1 },
    ],
    ['a time scale below 0.25', { timeScale: 0.1 }, { startRunning: true, seed: 1, timeScale: 1 }],
    ['a time scale as text', { timeScale: '2' }, { startRunning: true, seed: 1, timeScale: 1 }],
  ])('repair a damaged simulation setting (%s) field by field', (_, simulation, expected) => {
    expect(parseSettings({ port: 7411, simulation })).toMatchObject({ port: 7411, simulation: expected });
  });

  it('can live in memory only', async () => {
    const store = memorySettingsStore({ port: 1234 });
    expect((await store.update({ host: '0.0.0.0' })).port).toBe(1234);
    expect(store.get().host).toBe('0.0.0.0');
  });
});
