// The scene commands of the CLI, in-process: serve --scene <file> and --state, import (--from a
// live server, --csv), export, snapshot and schema, with their messages and exit codes.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { startTagSim } from '../../main/compose/start-tagsim.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import {
  BUILTIN_SCENE_NAMES,
  builtinScene,
  DEFAULT_SCENE_NAME,
  syntheticScene,
} from '../../shared/scenes/builtin-scenes.js';
import { captureSnapshot, serializeSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { exportSceneCsv } from '../../shared/scenes/scene-csv.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { sceneJsonSchema } from '../../shared/scenes/scene-schema.js';
import { builtinPlant } from '../../shared/scenes/builtin/builtin-plants.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { startTestServer, type TestServer } from '../support/api-server.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';

/** Runs a command that ends by itself. */
async function cli(...argv: string[]) {
  const t = cliIo();
  const code = await runCli(argv, t.io);
  return { code, out: t.out, err: t.err };
}

/** Starts `serve`, waits until it listens, and gives its URL and a stop function. */
async function serve(...argv: string[]) {
  const t = cliIo();
  const done = runCli(['serve', '--port', '0', ...argv], t.io);
  const url = await cliListeningUrl(t);
  return {
    url,
    out: t.out,
    stop: async () => {
      t.stop('SIGTERM');
      expect(await done).toBe(0);
    },
  };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tagsim-cli-'));
});
const file = (name: string) => join(dir, name);

describe('the command line of the scene commands', () => {
  it.each([
    [
      ['import', '--out', 'a.tagsim.json'],
      'tagsim import needs a saved scene (<file>.factoryio), --from <url> or --csv <file>',
    ],
    [
      ['import', '--from', 'http://x', '--csv', 'a.csv', '--out', 'a.tagsim.json'],
      'tagsim import takes one source; got --from and --csv',
    ],
    [
      ['import', 'line.factoryio', '--csv', 'a.csv', '--out', 'a.tagsim.json'],
      "tagsim import takes one source; got --csv and 'line.factoryio'",
    ],
    [['import', 'a.factoryio', 'b.factoryio', '--out', 'a.tagsim.json'], "unexpected argument 'b.factoryio'"],
    [['import', '--csv', 'a.csv'], 'tagsim import needs --out <file>'],
    [
      ['import', '--csv', 'a.csv', '--out', 'a.csv'],
      "--out must name a scene file ending in .tagsim.json; got 'a.csv'",
    ],
    [['import', '--csv', 'a.csv', '--values', '--out', 'a.tagsim.json'], '--values goes with --from'],
    [
      ['import', '--from', 'ftp://x', '--out', 'a.tagsim.json'],
      "--from must be an http:// address; got 'ftp://x'",
    ],
    [['export', '--out', 'a.csv'], 'tagsim export needs --scene <name or file>'],
    [
      ['export', '--scene', 'Assembler', '--out', 'a.txt'],
      "--out must name a .tagsim.json scene file or a .csv tag list; got 'a.txt'",
    ],
    [['snapshot', '--out', 's.tagsim-state.json'], 'tagsim snapshot needs --from <url>'],
    [['serve', '--csv', 'a.csv'], "--csv is an option of 'tagsim import'"],
    [
      ['export', '--port', '1'],
      "--port is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab' and 'tagsim grade' and 'tagsim class'",
    ],
    [
      ['serve', '--out', 'x.json'],
      "--out is an option of 'tagsim import' and 'tagsim export' and 'tagsim snapshot' and 'tagsim schema'",
    ],
  ])('rejects %j with one line and exit code 2', async (argv, message) => {
    const r = await cli(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([`tagsim: ${message} (see 'tagsim --help')`]);
  });

  it('reads --scene as a file by its extension, else as a built-in name', () => {
    expect(parseCli(['serve', '--scene', 'lab/line.tagsim.json'])).toMatchObject({
      scene: { file: 'lab/line.tagsim.json' },
    });
    expect(parseCli(['serve', '--scene', 'LINE.JSON'])).toMatchObject({ scene: { file: 'LINE.JSON' } });
    expect(parseCli(['serve', '--scene', 'Filling Tank'])).toMatchObject({
      scene: { builtin: 'Filling Tank' },
    });
    expect(parseCli(['import', '--from', '127.0.0.1:7410/', '--out', 'a.tagsim.json'])).toMatchObject({
      from: { url: 'http://127.0.0.1:7410' },
    });
    expect(parseCli(['import', '--from', 'http://h:1/api/tags', '--out', 'a.tagsim.json'])).toMatchObject({
      from: { url: 'http://h:1' },
    });
  });

  it('documents every command and option in the help', async () => {
    const { out } = await cli('--help');
    for (const word of [
      'import',
      'export',
      'snapshot',
      'schema',
      '--state',
      '--from',
      '--csv',
      '--force',
      '--values',
    ])
      expect(out.join('\n')).toContain(word);
  });
});

describe('tagsim serve --scene <file> and --state', () => {
  it('serves a scene file, found by its extension or as an existing file', async () => {
    const path = file('tank.tagsim.json');
    writeFileSync(path, serializeScene({ ...builtinScene('Filling Tank')!, name: 'Tank from a file' }));
    for (const arg of [path, relative(process.cwd(), path)]) {
      const s = await serve('--scene', arg);
      expect(s.out[0]).toBe('TagSim 9.9.9 serving "Tank from a file" (14 tags)');
      const tags = (await (await fetch(`${s.url}/api/tags?name=Fill valve`)).json()) as { id: string }[];
      expect(tags.map((t) => t.id)).toEqual([
        builtinScene('Filling Tank')!.tags.find((t) => t.name === 'Fill valve')!.id,
      ]);
      await s.stop();
    }
    // Without the extension, a file that exists is used when no built-in has the name.
    const plain = file('my-scene');
    writeFileSync(plain, serializeScene({ ...builtinScene('Filling Tank')!, name: 'Plain name' }));
    const s = await serve('--scene', plain);
    expect(s.out[0]).toBe('TagSim 9.9.9 serving "Plain name" (14 tags)');
    await s.stop();
  });

  it('serves the file as a document the window can edit and save back (serve --scene --ui)', async () => {
    const path = file('doc.tagsim.json');
    writeFileSync(path, serializeScene(builtinScene('Filling Tank')!));
    const tagsim = await startTagSim({
      server: { port: 0 },
      scene: { file: path },
      ui: { rendererDir: dir },
    });
    try {
      expect(tagsim.scenes.document).toMatchObject({ origin: 'file', path, dirty: false });
      expect(tagsim.scenes.recent).toEqual([path]);
      tagsim.scenes.edit({ op: 'renameScene', name: 'Tank B' });
      expect((await tagsim.scenes.save()).ok).toBe(true);
      expect(parseSceneFile(readFileSync(path, 'utf8')).name).toBe('Tank B');
    } finally {
      await tagsim.close();
    }
  });

  it('prints every problem of a bad file, one line each, and exits 1 without serving', async () => {
    const path = file('broken.tagsim.json');
    const json = JSON.parse(serializeScene(builtinScene(DEFAULT_SCENE_NAME)!));
    json.tags[3].address = 600;
    json.tags[1].colour = 'red';
    writeFileSync(path, JSON.stringify(json));
    const r = await cli('serve', '--port', '0', '--scene', path);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toEqual([
      'tagsim: broken.tagsim.json is not a valid scene (2 problems):',
      '  tags[1].colour: unknown field; remove it (known fields: id, name, kind, type, address, initial, min, max, description, forced, forcedValue, failure)',
      '  tags[3].address: 600 is outside the Bit range 0-511',
    ]);
    const missing = await cli('serve', '--port', '0', '--scene', file('nope.tagsim.json'));
    expect(missing).toMatchObject({
      code: 1,
      err: [`tagsim: cannot open ${file('nope.tagsim.json')}: no such file`],
    });
  });

  it('starts from a state snapshot', async () => {
    const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
    engine.write('force', 'name', [{ name: 'Pallet sensor', value: true }]);
    engine.write('alwaysOn', 'name', [{ name: 'Load', value: true }]);
    engine.write('set', 'name', [{ name: 'Counter', value: 12 }]);
    const path = file('lab.tagsim-state.json');
    writeFileSync(path, serializeSnapshot(captureSnapshot(engine.scene.name, engine.listTagStates())));
    // Paused: the plant would move the sensors and the lifecycle set FACTORY I/O (Running).
    const s = await serve('--state', path, '--paused');
    expect(s.out.slice(0, 2)).toEqual([
      'TagSim 9.9.9 serving "Sorting by Height (Basic)" (40 tags)',
      `Restored the state of 40 tags from ${path}`,
    ]);
    const answer = await (await fetch(`${s.url}/api/tags`)).json();
    expect(answer).toEqual(JSON.parse(JSON.stringify(engine.listTags())));
    await s.stop();

    // A snapshot of another scene is refused, with the reason.
    const r = await cli('serve', '--port', '0', '--scene', 'Filling Tank', '--state', path);
    expect(r.code).toBe(1);
    expect(r.err).toEqual([
      'tagsim: lab.tagsim-state.json is not a valid state snapshot for this scene (1 problem):',
      "  tags: none of its tags is in the scene 'Filling Tank' (it was saved from 'Sorting by Height (Basic)'); open that scene first",
    ]);
  });
});

describe('tagsim export', () => {
  it('saves every built-in scene as a scene file and as a CSV to start from', async () => {
    for (const name of BUILTIN_SCENE_NAMES) {
      const json = file(`${name.replace(/\W+/g, '-')}.tagsim.json`);
      const csv = json.replace(/\.tagsim\.json$/, '.csv');
      const scene = builtinScene(name)!;
      expect(await cli('export', '--scene', name.toLowerCase(), '--out', json)).toEqual({
        code: 0,
        out: [`Wrote ${json}: "${name}", ${scene.tags.length} tags`],
        err: [],
      });
      expect(readFileSync(json, 'utf8')).toBe(serializeScene(scene));
      // The whole scene: its plant's layout too, drawn the same once read back under another name.
      const written = parseSceneFile(readFileSync(json, 'utf8'));
      expect(written.layout).toEqual(builtinPlant(name)!.layout);
      expect(layoutScene({ ...written, name: 'Mine' })).toEqual({ ...layoutScene(scene), scene: 'Mine' });
      expect((await cli('export', '--scene', json, '--out', csv)).code).toBe(0);
      expect(readFileSync(csv, 'utf8')).toBe(exportSceneCsv(scene));
    }
  });

  it('does not replace a file unless told to, and then keeps a backup of a scene file', async () => {
    const path = file('kept.tagsim.json');
    await cli('export', '--scene', 'Assembler', '--out', path);
    const r = await cli('export', '--scene', 'Filling Tank', '--out', path);
    expect(r).toEqual({
      code: 1,
      out: [],
      err: [`tagsim: ${path} already exists; add --force to replace it`],
    });
    expect(parseSceneFile(readFileSync(path, 'utf8')).name).toBe('Assembler');
    expect((await cli('export', '--scene', 'Filling Tank', '--out', path, '--force')).code).toBe(0);
    expect(parseSceneFile(readFileSync(path, 'utf8')).name).toBe('Filling Tank');
    expect(parseSceneFile(readFileSync(`${path}.bak`, 'utf8')).name).toBe('Assembler');
  });

  it('names an unknown scene', async () => {
    expect(await cli('export', '--scene', 'Nope', '--out', file('x.csv'))).toMatchObject({
      code: 1,
      err: [
        "tagsim: unknown scene 'Nope'; 'tagsim scenes' lists the built-in scenes, and a scene file's name ends in .tagsim.json or .factoryio",
      ],
    });
  });
});

describe('tagsim import --csv', () => {
  it('writes a scene file named after the CSV, printing its notes', async () => {
    const csv = file('Line 3.csv');
    writeFileSync(
      csv,
      'Name,Type,Data Type,Address\r\nAuto,Input,Bool,Coil 0\r\nSpeed,Output,Real,Input Reg 300\r\n',
    );
    const out = file('line3.tagsim.json');
    const r = await cli('import', '--csv', csv, '--out', out);
    expect(r.code).toBe(0);
    expect(r.out).toEqual([
      "note: line 3: 'Speed' has Float address 300, outside the user range 0-239; it gets Output Float 0",
      expect.stringMatching(/^note: added the system tags it lacks: /),
      `Wrote ${out}: "Line 3", 9 tags from ${csv}`,
    ]);
    expect(parseSceneFile(readFileSync(out, 'utf8')).name).toBe('Line 3');
    expect((await cli('import', '--csv', csv, '--out', out, '--name', 'Other', '--force')).code).toBe(0);
    expect(parseSceneFile(readFileSync(out, 'utf8')).name).toBe('Other');
  });

  it('prints the problems of a bad CSV and writes nothing', async () => {
    const csv = file('bad.csv');
    writeFileSync(csv, 'Name,Type,Data Type,Address\nA,Input,Word,Coil 0\n');
    const out = file('bad.tagsim.json');
    expect(await cli('import', '--csv', csv, '--out', out)).toEqual({
      code: 1,
      out: [],
      err: [
        'tagsim: bad.csv is not a valid tag list (CSV) (1 problem):',
        "  line 2: unknown Data Type 'Word'; use Bool, Int or Real",
      ],
    });
    expect(existsSync(out)).toBe(false);
  });
});

describe('tagsim import --from and snapshot --from, against a live server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ sceneName: 'Assembler' });
  });
  afterAll(() => t.close());

  it('keeps the ids, names, kinds, types and addresses of the live scene', async () => {
    const out = file('live.tagsim.json');
    const r = await cli('import', '--from', t.url, '--out', out, '--name', 'Assembler copy');
    expect(r).toEqual({
      code: 0,
      out: [`Wrote ${out}: "Assembler copy", 46 tags from ${t.url}`],
      err: [],
    });
    const scene = parseSceneFile(readFileSync(out, 'utf8'));
    const fields = (
      tags: readonly { id: string; name: string; kind: string; type: string; address: number }[],
    ) => tags.map(({ id, name, kind, type, address }) => ({ id, name, kind, type, address }));
    expect(fields(scene.tags)).toEqual(fields(t.engine.listTags()));
    // The forces the simulator shows are the scene's: its emitters and removers start forced on.
    const forced = (tags: readonly { name: string; forced?: unknown; isForced?: boolean }[]) =>
      tags.filter((tag) => tag.forced === true || tag.isForced === true).map((tag) => tag.name);
    expect(forced(scene.tags)).toEqual(['Lids emitter', 'Remover 1', 'Bases emitter', 'Remover 2']);
    expect(forced(scene.tags)).toEqual(forced(t.engine.listTags()));
    // The default scene name says where it came from.
    const named = await cli('import', '--from', t.url, '--out', file('live2.tagsim.json'));
    expect(named.out).toEqual([
      `Wrote ${file('live2.tagsim.json')}: "Imported from ${new URL(t.url).host}", 46 tags from ${t.url}`,
    ]);
  });

  it('with --values, the tags start from the values they have now', async () => {
    t.engine.write('set', 'name', [
      { name: 'Counter', value: 7 },
      { name: 'Grab', value: true },
    ]);
    const out = file('values.tagsim.json');
    expect((await cli('import', '--from', t.url, '--out', out, '--values')).code).toBe(0);
    const scene = parseSceneFile(readFileSync(out, 'utf8'));
    expect(scene.tags.find((tag) => tag.name === 'Counter')!.initial).toBe(7);
    expect(scene.tags.find((tag) => tag.name === 'Grab')!.initial).toBe(true);
    expect(scene.tags.find((tag) => tag.name === 'Move X')!.initial).toBeUndefined();
    expect(scene.tags.find((tag) => tag.name === 'FACTORY I/O (Time Scale)')!.initial).toBe(1);
    t.reset();
  });

  it('saves the live state as a snapshot that serve --state restores', async () => {
    t.engine.write('set', 'name', [{ name: 'Counter', value: 3 }]);
    t.engine.write('alwaysOff', 'name', [{ name: 'Lid at place', value: true }]);
    const out = file('live.tagsim-state.json');
    expect(await cli('snapshot', '--from', t.url, '--out', out)).toEqual({
      code: 0,
      out: [
        // Lid at place, failed, and the two emitters and two removers the scene keeps forced on.
        'note: 5 tags are forced or failed: the API does not show the value under a force or failure, so the snapshot gives them OFF there',
        `Wrote ${out}: 46 tags (4 forced, 1 failed)`,
      ],
      err: [],
    });
    const s = await serve('--scene', 'Assembler', '--state', out, '--paused');
    // The served scene runs Assembler's plant, whose normally closed sensors are on at rest.
    const atRest = ['Base at place', 'Part leaving'];
    expect(await (await fetch(`${s.url}/api/tags`)).json()).toEqual(
      JSON.parse(JSON.stringify(t.engine.listTags())).map((tag: { name: string }) =>
        atRest.includes(tag.name) ? { ...tag, value: true } : tag,
      ),
    );
    await s.stop();
    t.reset();
  });

  it('explains a server that is not there or not the API', async () => {
    const closed = await startTestServer();
    const url = closed.url;
    await closed.close();
    expect(await cli('import', '--from', url, '--out', file('none.tagsim.json'))).toEqual({
      code: 1,
      out: [],
      err: [
        `tagsim: cannot reach ${url}/api/tags: connection refused (is the simulator running, with its Web API on?)`,
      ],
    });
    expect(
      await cli('import', '--from', `${t.url}/nothing`, '--out', file('none.tagsim.json')),
    ).toMatchObject({
      code: 1,
      err: [`tagsim: ${t.url}/nothing/api/tags answered 404 Not Found; is this the FACTORY I/O Web API?`],
    });
  });
});

describe('a source TagSim cannot serve', () => {
  it('prints at most 50 problems, then how many more', async () => {
    const t = await startTestServer({ scene: syntheticScene(3000) });
    try {
      const r = await cli('import', '--from', t.url, '--out', file('synthetic.tagsim.json'));
      expect(r.code).toBe(1);
      expect(r.err[0]).toMatch(
        /^tagsim: http:\/\/.*\/api\/tags is not a valid tag list \(GET \/api\/tags\) \(\d+ problems\):$/,
      );
      expect(r.err).toHaveLength(52);
      expect(r.err[1]).toMatch(
        /^ {2}tags\[\d+\]: no (Input|Output) (Bit|Int|Float) address is left for 'Tag \d+'/,
      );
      expect(r.err[51]).toMatch(/^ {2}… and \d+ more problems$/);
      expect(existsSync(file('synthetic.tagsim.json'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('tagsim schema', () => {
  it('prints the JSON Schema, or writes it', async () => {
    const printed = await cli('schema');
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.out.join('\n'))).toEqual(sceneJsonSchema());
    const out = file('tagsim-scene.schema.json');
    expect(await cli('schema', '--out', out)).toEqual({ code: 0, out: [`Wrote ${out}`], err: [] });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(sceneJsonSchema());
  });
});
