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
    await store.update({ port: 7411, pinnedTagIds: ['a', 'b'], host: '127.0.0.1' });
    // Only what the user changed: the defaults (and presets) stay out of the user's file.
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ port: 7411, pinnedTagIds: ['a', 'b'] });
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

  it('survive a corrupt file: the app starts with the defaults, and the file is kept aside', async () => {
    const dir = folder();
    const path = join(dir, 'settings.json');
    writeFileSync(path, '{"port": 74');
    const problems: string[] = [];
    const store = await fileSettingsStore(path, {}, (m) => problems.push(m));
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const aside = readdirSync(dir).filter((f) => f.startsWith('settings.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"port": 74');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^TagSim could not read its settings .*settings\.json: it is not valid JSON .*; it was kept as .*settings\.json\.corrupt-/,
    );
    // The next save writes a fresh file and leaves the damaged one alone.
    await store.update({ port: 7411 });
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"port": 74');
  });

  it('keep a settings file that is binary or UTF-16 aside too, and one that is missing is no problem', async () => {
    for (const bytes of [Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), Buffer.from([0, 1, 2, 3])]) {
      const dir = folder();
      writeFileSync(join(dir, 'settings.json'), bytes);
      const problems: string[] = [];
      expect(
        (await fileSettingsStore(join(dir, 'settings.json'), {}, (m) => problems.push(m))).get(),
      ).toEqual(DEFAULT_SETTINGS);
      expect(problems).toHaveLength(1);
      expect(readdirSync(dir).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true);
    }
    const problems: string[] = [];
    await fileSettingsStore(join(folder(), 'settings.json'), {}, (m) => problems.push(m));
    expect(problems).toEqual([]);
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
    expect(JSON.parse(readFileSync(path, 'utf8')).simulation).toEqual({ startRunning: true, timeScale: 2 });
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

  describe('over machine presets', () => {
    const PRESETS = {
      port: 7500,
      pinnedTagIds: ['motor'],
      simulation: { startRunning: false, seed: 9, timeScale: 4 },
    };

    it("fill what the user's file lacks; the user's own fields win, field by field", async () => {
      const path = join(folder(), 'settings.json');
      writeFileSync(path, JSON.stringify({ port: 7411, simulation: { timeScale: 2 } }));
      const store = await fileSettingsStore(path, PRESETS);
      expect(store.get()).toEqual({
        ...DEFAULT_SETTINGS,
        port: 7411,
        pinnedTagIds: ['motor'],
        simulation: { startRunning: false, seed: 9, timeScale: 2 },
      });
    });

    it('fill everything for a user without a settings file', async () => {
      const store = await fileSettingsStore(join(folder(), 'settings.json'), PRESETS);
      expect(store.get()).toEqual({ ...DEFAULT_SETTINGS, ...PRESETS });
    });

    it("stay out of the user's file, so a preset changed later reaches the user", async () => {
      const path = join(folder(), 'settings.json');
      const store = await fileSettingsStore(path, PRESETS);
      // What the app saves: the tray's checkbox sends the whole simulation; the bounds at quit.
      await store.update({ simulation: { ...store.get().simulation, startRunning: true } });
      await store.update({ windowBounds: { x: 1, y: 2, width: 800, height: 600 } });
      await store.update({ pinnedTagIds: ['motor'] });
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
        simulation: { startRunning: true },
        windowBounds: { x: 1, y: 2, width: 800, height: 600 },
      });
      const nextWeek = await fileSettingsStore(path, { ...PRESETS, simulation: { seed: 10, timeScale: 1 } });
      expect(nextWeek.get().simulation).toEqual({ startRunning: true, seed: 10, timeScale: 1 });
      expect(nextWeek.get().pinnedTagIds).toEqual(['motor']);
    });

    it('keep a field the user changed, even when set back to the preset value', async () => {
      const path = join(folder(), 'settings.json');
      const store = await fileSettingsStore(path, PRESETS);
      await store.update({ pinnedTagIds: [] });
      expect(store.get().pinnedTagIds).toEqual([]);
      await store.update({ pinnedTagIds: ['motor'] });
      expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ pinnedTagIds: ['motor'] });
      const reopened = await fileSettingsStore(path, { pinnedTagIds: ['sensor'] });
      expect(reopened.get().pinnedTagIds).toEqual(['motor']);
    });
  });

  it('can live in memory only', async () => {
    const store = memorySettingsStore({ port: 1234 });
    expect((await store.update({ host: '0.0.0.0' })).port).toBe(1234);
    expect(store.get().host).toBe('0.0.0.0');
  });
});
