// Machine-wide presets (presets.json): where TagSim looks, what a file may say, and that a damaged
// file is reported field by field without stopping anything.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  loadPresets,
  NO_PRESETS,
  parsePresets,
  presetsCandidates,
  PresetsProblem,
} from '../../main/settings/presets.js';

const folder = () => mkdtempSync(join(tmpdir(), 'tagsim-presets-'));

/** The messages of the problems reported to a reportError mock. */
function reported(reportError: ReturnType<typeof vi.fn>): string[] {
  return reportError.mock.calls.map(([error]) => {
    expect(error).toBeInstanceOf(PresetsProblem);
    return (error as PresetsProblem).message;
  });
}

describe('presetsCandidates', () => {
  it('on Linux: TAGSIM_PRESETS, then the resources folder, then /etc/tagsim', () => {
    expect(
      presetsCandidates('linux', { TAGSIM_PRESETS: '/srv/lab/presets.json' }, '/opt/TagSim/resources'),
    ).toStrictEqual([
      { path: '/srv/lab/presets.json', source: 'env' },
      { path: '/opt/TagSim/resources/presets.json', source: 'resources' },
      { path: '/etc/tagsim/presets.json', source: 'machine' },
    ]);
    expect(presetsCandidates('linux', {})).toStrictEqual([
      { path: '/etc/tagsim/presets.json', source: 'machine' },
    ]);
  });

  it('on Windows: the resources folder, then %ProgramData%\\TagSim, with Windows paths', () => {
    expect(
      presetsCandidates(
        'win32',
        { ProgramData: 'C:\\ProgramData' },
        'C:\\Users\\lab\\AppData\\Local\\Programs\\TagSim\\resources',
      ),
    ).toStrictEqual([
      {
        path: 'C:\\Users\\lab\\AppData\\Local\\Programs\\TagSim\\resources\\presets.json',
        source: 'resources',
      },
      { path: 'C:\\ProgramData\\TagSim\\presets.json', source: 'machine' },
    ]);
    // No ProgramData in the environment, no machine folder to guess at.
    expect(presetsCandidates('win32', {})).toStrictEqual([]);
  });

  it('on macOS: /Library/Application Support/TagSim', () => {
    expect(presetsCandidates('darwin', {}, '/Applications/TagSim.app/Contents/Resources')).toStrictEqual([
      { path: '/Applications/TagSim.app/Contents/Resources/presets.json', source: 'resources' },
      { path: '/Library/Application Support/TagSim/presets.json', source: 'machine' },
    ]);
  });

  it('ignores an empty TAGSIM_PRESETS', () => {
    expect(presetsCandidates('linux', { TAGSIM_PRESETS: '  ' }).map((c) => c.source)).toStrictEqual([
      'machine',
    ]);
  });
});

describe('parsePresets', () => {
  const FILE = '/etc/tagsim/presets.json';

  it('reads the machine-wide settings and the scene', () => {
    const { presets, problems } = parsePresets(
      {
        port: 7411,
        host: '0.0.0.0',
        pinnedTagIds: ['a', 'b'],
        simulation: { startRunning: false, seed: 42, timeScale: 2 },
        scene: 'Sorting by Weight',
      },
      FILE,
    );
    expect(problems).toStrictEqual([]);
    expect(presets).toStrictEqual({
      file: FILE,
      settings: {
        port: 7411,
        host: '0.0.0.0',
        pinnedTagIds: ['a', 'b'],
        simulation: { startRunning: false, seed: 42, timeScale: 2 },
      },
      scene: 'Sorting by Weight',
    });
  });

  it('ignores each wrong field, names it with the file, and keeps the good ones', () => {
    const { presets, problems } = parsePresets(
      {
        port: '7411',
        host: '0.0.0.0',
        pinnedTagIds: ['a', 3],
        simulation: { startRunning: 'no', seed: 7, timeScale: 20 },
        scene: 12,
      },
      FILE,
    );
    expect(presets).toStrictEqual({ file: FILE, settings: { host: '0.0.0.0', simulation: { seed: 7 } } });
    expect(problems.map((p) => [p.file, p.field])).toStrictEqual([
      [FILE, 'port'],
      [FILE, 'pinnedTagIds'],
      [FILE, 'simulation.startRunning'],
      [FILE, 'simulation.timeScale'],
      [FILE, 'scene'],
    ]);
    expect(problems[0]?.message).toBe(
      `presets ${FILE}: port: expected a whole number from 0 to 65535, got string "7411"; ignored`,
    );
    expect(problems[3]?.message).toContain(
      'simulation.timeScale: expected a number from 0.25 to 8, got number 20',
    );
  });

  it('reports unknown fields (a typo?) and per-user settings', () => {
    const { presets, problems } = parsePresets(
      {
        scenes: 'Filling Tank',
        windowBounds: { x: 0 },
        recentScenes: [],
        simulation: { realTime: true, seed: 3 },
      },
      FILE,
    );
    expect(presets.settings).toStrictEqual({ simulation: { seed: 3 } });
    expect(problems.map((p) => p.field)).toStrictEqual([
      'windowBounds',
      'recentScenes',
      'scenes',
      'simulation.realTime',
    ]);
    expect(problems[0]?.message).toBe(
      `presets ${FILE}: windowBounds: a per-user setting, which presets cannot set; ignored`,
    );
    expect(problems[2]?.message).toBe(
      `presets ${FILE}: scenes: unknown field; did you mean 'scene'? ` +
        '(known fields: port, host, pinnedTagIds, modbus, modbusClient, simulation, scene, locked, studentMode); ignored',
    );
    expect(problems[3]?.message).toContain(
      'simulation.realTime: unknown field; remove it (known fields: startRunning, seed, timeScale)',
    );
  });

  it('reports fields named like the members of every object, __proto__ among them, as unknown', () => {
    const text =
      '{"__proto__": {"port": 9}, "constructor": 1, "toString": 2, "valueOf": 3, "hasOwnProperty": 4}';
    const { presets, problems } = parsePresets(JSON.parse(text), FILE);
    expect(presets.settings).toStrictEqual({});
    expect(problems.map((p) => p.field)).toStrictEqual([
      '__proto__',
      'constructor',
      'toString',
      'valueOf',
      'hasOwnProperty',
    ]);
    expect(problems[0]?.message).toContain('__proto__: unknown field; remove it');
  });

  it('takes nothing from a file that is not an object', () => {
    for (const input of [null, [], 'port: 7411', 7411]) {
      const { presets, problems } = parsePresets(input, FILE);
      expect(presets.settings).toStrictEqual({});
      expect(problems).toHaveLength(1);
      expect(problems[0]?.message).toContain('expected a JSON object');
    }
  });
});

describe('loadPresets', () => {
  it('reads the first candidate that exists', async () => {
    const dir = folder();
    const machine = join(dir, 'machine.json');
    writeFileSync(machine, JSON.stringify({ simulation: { startRunning: false } }));
    const reportError = vi.fn();
    const presets = await loadPresets(
      [
        { path: join(dir, 'resources', 'presets.json'), source: 'resources' },
        { path: machine, source: 'machine' },
        { path: join(dir, 'never-read.json'), source: 'machine' },
      ],
      reportError,
    );
    expect(presets).toStrictEqual({ file: machine, settings: { simulation: { startRunning: false } } });
    expect(reportError).not.toHaveBeenCalled();
  });

  it('reports a missing file named by TAGSIM_PRESETS, then looks further', async () => {
    const dir = folder();
    const resources = join(dir, 'presets.json');
    writeFileSync(resources, JSON.stringify({ port: 7500 }));
    const reportError = vi.fn();
    const presets = await loadPresets(
      [
        { path: join(dir, 'typo.json'), source: 'env' },
        { path: resources, source: 'resources' },
      ],
      reportError,
    );
    expect(presets.settings).toStrictEqual({ port: 7500 });
    expect(reported(reportError)).toStrictEqual([
      `presets ${join(dir, 'typo.json')}: TAGSIM_PRESETS names this file, which does not exist`,
    ]);
  });

  it('reports a file that is not JSON once, with its path, and applies no presets', async () => {
    const file = join(folder(), 'presets.json');
    writeFileSync(file, '{"port": 74');
    const reportError = vi.fn();
    expect(await loadPresets([{ path: file, source: 'machine' }], reportError)).toStrictEqual({
      ...NO_PRESETS,
      file,
    });
    expect(reported(reportError)).toHaveLength(1);
    expect(reported(reportError)[0]).toMatch(
      new RegExp(`^presets ${file}: not valid JSON \\(.+\\); no presets apply$`),
    );
  });

  it('reports each bad field once and keeps the rest', async () => {
    const file = join(folder(), 'presets.json');
    writeFileSync(file, JSON.stringify({ port: -1, host: '0.0.0.0', colour: 'red' }));
    const reportError = vi.fn();
    const presets = await loadPresets([{ path: file, source: 'machine' }], reportError);
    expect(presets.settings).toStrictEqual({ host: '0.0.0.0' });
    expect(reported(reportError)).toStrictEqual([
      `presets ${file}: port: expected a whole number from 0 to 65535, got number -1; ignored`,
      expect.stringMatching(new RegExp(`^presets ${file}: colour: unknown field; remove it`)),
    ]);
  });

  it('reads a file saved by Notepad with a byte order mark', async () => {
    const file = join(folder(), 'presets.json');
    writeFileSync(file, '\uFEFF{"scene": "Filling Tank"}');
    const reportError = vi.fn();
    expect((await loadPresets([{ path: file, source: 'machine' }], reportError)).scene).toBe('Filling Tank');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('is silent when there is no presets file anywhere', async () => {
    const dir = folder();
    const reportError = vi.fn();
    expect(
      await loadPresets(
        [
          { path: join(dir, 'a.json'), source: 'resources' },
          { path: join(dir, 'b.json'), source: 'machine' },
        ],
        reportError,
      ),
    ).toStrictEqual(NO_PRESETS);
    expect(reportError).not.toHaveBeenCalled();
  });
});
