// The hostile-input suite for files: every kind of file TagSim reads (scene, state snapshot,
// driver CSV, the simulator's saved scene (.factoryio; its XML corpus: factoryio-files.test.ts),
// scenario, presets, settings) fed a corpus of broken files and random bytes. Each
// gets a clear error naming the file (presets and settings: reported, defaults used), never a
// crash, a hang or an overflowing stack, and nothing a user made is overwritten.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCKABLE_NAMES } from '../../main/settings/locked-settings.js';
import { loadPresets, parsePresets } from '../../main/settings/presets.js';
import { fileSettingsStore } from '../../main/settings/settings-store.js';
import { DEFAULT_SETTINGS } from '../../main/settings/settings.js';
import { readTextFile } from '../../main/storage/read-text-file.js';
import { readSceneFile } from '../../main/storage/scene-files.js';
import { readSnapshotFile } from '../../main/storage/snapshot-files.js';
import { loadOrCreateUiToken } from '../../main/ui-host/ui-token.js';
import { STUDENT_CONTROLS } from '../../shared/lab/restrictions.js';
import { CONTROL_API_OWNERS, parseLabFile } from '../../shared/lab/lab-file.js';
import { parseScenarioFile } from '../../shared/scenario/scenario-file.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { importSceneCsv } from '../../shared/scenes/scene-csv.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { snapshotPlant } from '../../shared/plant/snapshot.js';
import { Simulation } from '../../shared/sim/simulation.js';
import { objectKeyName, OBJECT_KEY_NAMES } from './support/object-key-names.js';
import { Bench } from '../sim/plc.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-hostile-files-'));
/**
 * The same file under a name ending in .factoryio (a link to it), as a saved scene of the
 * simulator: made when the file is, since a test may read it without the right to write here.
 */
const asFactoryIo = (path: string) => {
  const link = `${path}.factoryio`;
  if (!lstatSync(link, { throwIfNoEntry: false })) symlinkSync(path, link);
  return link;
};
let n = 0;
const file = (content: string | Buffer, name = `f${++n}.json`) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  asFactoryIo(path); // now, while the test may still write to the folder
  return path;
};

/** Readers of a file by path: each resolves, or rejects with an error that names the file. */
const READERS: Record<string, (path: string) => Promise<unknown>> = {
  scene: readSceneFile,
  factoryio: (path) => readSceneFile(`${path}.factoryio`),
  snapshot: readSnapshotFile,
  csv: async (path) => importSceneCsv((await readTextFile(path)).text, { sceneName: 'X', source: path }),
  scenario: async (path) => parseScenarioFile((await readTextFile(path)).text, path),
};

/** A rejection is fine when it is a clear one: a validation error or an Error naming the file. */
async function clearOutcome(read: Promise<unknown>, path: string): Promise<'ok' | 'refused'> {
  try {
    await read;
    return 'ok';
  } catch (error) {
    if (error instanceof ValidationError) {
      for (const problem of error.problems) expect(typeof problem.message).toBe('string');
      return 'refused';
    }
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).not.toMatch(/Maximum call stack|undefined is not|Cannot read properties/);
    // eslint-disable-next-line no-control-regex
    expect(message).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    if (!(error instanceof SyntaxError)) expect(message.length).toBeLessThan(2000);
    void path;
    return 'refused';
  }
}

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const scene = serializeScene(builtinScene('Filling Tank')!);

/** A scene whose rule, and a scenario whose step, hold conditions nested far too deep where the
 * entry's kind does not look (a rule's runs, a waitFor step's expect). */
function deepConditions(sceneText: string): string {
  const condition = `${'{"not":'.repeat(50_000)}{"always":true}${'}'.repeat(50_000)}`;
  const json = JSON.parse(sceneText) as Record<string, unknown>;
  const text = JSON.stringify({ ...json, behaviours: [{ when: { always: true }, then: [], runs: 0 }] });
  const steps = `[{"waitFor":{"always":true},"expect":${condition}}]`;
  return text
    .replace('"runs":0', `"runs":${condition}`)
    .replace(/}$/, `,"steps":${steps},"version":1,"format":"tagsim-scenario","name":"S"}`);
}

const CORPUS: [string, () => string][] = [
  ['empty', () => file('')],
  ['whitespace', () => file(' \n\t ')],
  ['truncated', () => file(scene.slice(0, 200))],
  ['UTF-16', () => file(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(scene, 'utf16le')]))],
  ['binary', () => file(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]))],
  ['not UTF-8', () => file(Buffer.from([0x7b, 0xe9, 0x7d]))],
  ['nested 100,000 levels', () => file(deep(100_000))],
  ['nested objects', () => file(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`)],
  ['conditions nested 50,000 levels', () => file(deepConditions(scene))],
  ['huge numbers', () => file('{"format":"tagsim-scene","version":1e999999,"tags":[1e400,-1e400]}')],
  [
    '__proto__ keys',
    () => file('{"__proto__":{"polluted":true},"format":"tagsim-scene","tags":[{"__proto__":1}]}'),
  ],
  ['control characters in strings', () => file('{"name":"\\u001b[31mred\\u0007","tags":[]}')],
  [
    'too big (sparse)',
    () => {
      const path = file('');
      truncateSync(path, 2 * 1024 * 1024 * 1024);
      return path;
    },
  ],
  [
    'a folder',
    () => {
      const path = join(dir, `folder${++n}`);
      mkdirSync(path);
      return path;
    },
  ],
  [
    'a named pipe',
    () => {
      const path = join(dir, `pipe${++n}`);
      execFileSync('mkfifo', [path]);
      return path;
    },
  ],
  [
    'a symlink loop',
    () => {
      const path = join(dir, `loop${++n}`);
      symlinkSync(path, path);
      return path;
    },
  ],
  ['missing', () => join(dir, 'not-there.json')],
];

describe('broken files of every kind', () => {
  for (const [kind, read] of Object.entries(READERS)) {
    it.each(CORPUS)(`${kind}: %s gets a clear refusal`, async (_name, make) => {
      const path = make();
      asFactoryIo(path);
      const outcome = await clearOutcome(read(path), path);
      expect(outcome).toBe('refused');
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
  }

  it.each(CORPUS)('presets: %s is reported once, and no presets apply', async (_name, make) => {
    const path = make();
    const problems: unknown[] = [];
    const presets = await loadPresets([{ path, source: 'env' }], (e) => problems.push(e));
    expect(problems.length).toBeGreaterThanOrEqual(1);
    for (const p of problems) expect(String((p as Error).message)).toContain(path.split('/').at(-1));
    expect(presets.settings).toEqual({});
  });

  it.each(
    CORPUS.filter(([name]) => !['missing', 'a folder', 'a named pipe', 'a symlink loop'].includes(name)),
  )(
    'settings: %s starts from the defaults, and the file is kept aside, not overwritten',
    async (_name, make) => {
      const path = make();
      const size = statSync(path).size;
      const problems: string[] = [];
      const store = await fileSettingsStore(path, {}, (m) => problems.push(m));
      expect(store.get()).toEqual(DEFAULT_SETTINGS);
      expect(problems).toHaveLength(1);
      await store.update({ port: 7499 });
      const aside = readdirSync(dir).filter((f) => f.startsWith(`${basename(path)}.corrupt-`));
      expect(aside).toHaveLength(1);
      expect(statSync(join(dir, aside[0]!)).size).toBe(size);
    },
  );
});

describe('something at a settings or token path that is no file', () => {
  const UNREACHABLE = CORPUS.filter(([name]) =>
    ['a folder', 'a named pipe', 'a symlink loop'].includes(name),
  );
  /** What is at the path, seen without following links: kind and, for a link, where it leads. */
  const lookAt = (path: string) => {
    const info = lstatSync(path);
    return { mode: info.mode, ino: info.ino, link: info.isSymbolicLink() ? readlinkSync(path) : undefined };
  };

  it.each(UNREACHABLE)(
    'settings: %s is reported in words and left as it is, even after a change',
    async (_name, make) => {
      const path = make();
      const before = lookAt(path);
      const problems: string[] = [];
      const store = await fileSettingsStore(path, {}, (m) => problems.push(m));
      expect(store.get()).toEqual(DEFAULT_SETTINGS);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(basename(path));
      expect(problems[0]).toMatch(/a folder|not a regular file|symbolic link that leads back to itself/);
      expect((await store.update({ port: 7499 })).port).toBe(7499);
      expect(lookAt(path)).toEqual(before);
      expect(readdirSync(dir).filter((f) => f.startsWith(`${basename(path)}.corrupt-`))).toEqual([]);
    },
  );

  it.each(UNREACHABLE)('ui token: %s still gives a token, and is left as it is', async (_name, make) => {
    const path = make();
    const before = lookAt(path);
    expect(await loadOrCreateUiToken(path)).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(lookAt(path)).toEqual(before);
  });
});

describe('random bytes as a file', () => {
  it('never crash a reader: each file loads or is refused clearly', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
          fc.json({ maxDepth: 6 }).map((j) => Buffer.from(j)),
          fc.string({ maxLength: 300 }).map((s) => Buffer.from(s)),
          // A valid scene with a random cut or a random byte changed.
          fc.tuple(fc.nat(scene.length), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
            const b = Buffer.from(scene);
            b[at] = byte;
            return b;
          }),
        ),
        fc.constantFrom(...Object.keys(READERS)),
        async (bytes, kind) => {
          const path = file(bytes);
          await clearOutcome(READERS[kind]!(path), path);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("a scene file's layout, whatever it holds", () => {
  it('is taken whole when right, else refused with every problem under layout and nothing loaded', () => {
    const base = JSON.parse(serializeScene(builtinScene('From A to B')!)) as Record<string, unknown>;
    const name = fc.oneof(
      fc.constantFrom('belt', 'Belt', '', ...OBJECT_KEY_NAMES),
      fc.string({ maxLength: 8 }),
    );
    const number = fc.oneof(
      fc.double({ min: -20_000, max: 20_000, noNaN: true }),
      fc.constantFrom(0, -0, 1e308, -1e308, 10_000, 10_000.5),
      fc.jsonValue({ maxDepth: 1 }),
    );
    const tagRef = fc.oneof(
      fc.constantFrom('Sensor', 'Conveyor', 'FACTORY I/O (Reset)', 'nope', ''),
      fc.record({
        name: fc.constantFrom('Sensor', 'Conveyor', 'x'),
        kind: fc.constantFrom('Input', 'Output', 'Both'),
      }),
      fc.record({ id: fc.string({ maxLength: 40 }) }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const conveyor = fc.record(
      {
        x: number,
        y: number,
        angle: number,
        width: number,
        drawnLength: number,
        look: fc.constantFrom('belt', 'path', 'x'),
      },
      { requiredKeys: [] },
    );
    const part = fc.record(
      {
        part: fc.constantFrom('tank', 'axis', 'robot', 'station'),
        label: fc.string({ maxLength: 10 }),
        x: number,
        y: number,
        width: number,
        height: number,
        axis: fc.constantFrom('x', 'y', 'z', 'w'),
        tags: fc.array(fc.record({ tag: tagRef, role: fc.constantFrom('level', 'fill', 'dance') }), {
          maxLength: 3,
        }),
      },
      { requiredKeys: [] },
    );
    // Placements that are right, so that both ways are walked on every seed.
    const right = fc.record({
      conveyors: fc.record({
        belt: fc.record({
          x: fc.integer({ min: -50, max: 50 }),
          y: fc.integer({ min: -50, max: 50 }),
          angle: fc.integer({ min: -360, max: 360 }),
        }),
      }),
    });
    const layout = fc.oneof(
      right,
      fc.jsonValue({ maxDepth: 4 }),
      fc.record(
        {
          conveyors: fc.oneof(fc.dictionary(name, conveyor, { maxKeys: 3 }), fc.jsonValue({ maxDepth: 2 })),
          parts: fc.oneof(fc.array(part, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })),
          panel: fc.record(
            { x: number, y: number, tags: fc.array(tagRef, { maxLength: 2 }) },
            { requiredKeys: [] },
          ),
          extra: fc.jsonValue({ maxDepth: 1 }),
        },
        { requiredKeys: [] },
      ),
    );
    let taken = 0;
    let refused = 0;
    fc.assert(
      fc.property(layout, (value) => {
        const text = JSON.stringify({ ...base, layout: value });
        try {
          const loaded = parseSceneFile(text, 'layout.tagsim.json');
          // Taken whole, exactly as written (after JSON: what the file holds).
          expect(loaded.layout).toEqual(JSON.parse(JSON.stringify(value)));
          expect(loaded.tags).toHaveLength((base['tags'] as unknown[]).length);
          taken++;
        } catch (error) {
          refused++;
          expect(error).toBeInstanceOf(ValidationError);
          const { problems } = error as ValidationError;
          expect(problems.length).toBeGreaterThan(0);
          for (const problem of problems) {
            expect(problem.path).toMatch(/^layout(\.|\[|$)/);
            expect(problem.message.length).toBeLessThan(600);
          }
        }
        expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    // Both ways were walked: the property says something about each.
    expect(taken).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});

describe("a scene file's names, whatever they are", () => {
  it('draw and run: conveyors, items and hints named like object members find what is theirs', () => {
    const name = fc.oneof(
      objectKeyName,
      fc.constantFrom('belt', 'b'),
      fc.string({ minLength: 1, maxLength: 6 }),
    );
    const base = JSON.parse(serializeScene(builtinScene('From A to B')!)) as Record<string, unknown>;
    const tags = (base['tags'] as { name: string; kind: string }[]).filter(
      (t) => !t.name.startsWith('FACTORY'),
    );
    const output = tags.find((t) => t.kind === 'Output')!.name;
    const input = tags.find((t) => t.kind === 'Input')!.name;
    const placement = fc.record({ x: fc.integer({ min: 0, max: 20 }), y: fc.integer({ min: 0, max: 20 }) });
    let drawn = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
        fc.array(name, { minLength: 1, maxLength: 3 }),
        fc.array(fc.option(placement), { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        (conveyors, items, placements, detecting) => {
          const behaviours = conveyors.map((conveyor, i) => ({
            conveyor,
            length: 2,
            speed: 1,
            runs: { tag: output, equals: false },
            ...(i === 0 ? { feeder: { items, intervalMs: 200 } } : {}),
            ...(i + 1 < conveyors.length ? { exits: [{ to: conveyors[i + 1] }] } : {}),
            ...(detecting && i === 0 ? { sensors: [{ tag: input, from: 1, to: 1.5, detects: items }] } : {}),
          }));
          // Hints for some of the belts, keyed by their names (in the file's JSON: own fields).
          const hinted = conveyors.flatMap((c, i) => (placements[i] ? [[c, placements[i]!] as const] : []));
          const hints = new Map(hinted);
          const layoutJson = `{"conveyors":{${hinted.map(([c, p]) => `${JSON.stringify(c)}:${JSON.stringify(p)}`).join(',')}}}`;
          const text = JSON.stringify({ ...base, behaviours, layout: '@' }).replace('"@"', layoutJson);
          let loaded;
          try {
            loaded = parseSceneFile(text, 'names.tagsim.json');
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
            return;
          }
          const layout = layoutScene(loaded);
          expect([layout.width, layout.height].every(Number.isFinite)).toBe(true);
          for (const c of layout.conveyors) {
            expect([c.x, c.y, c.angle, c.drawnLength, c.width].every(Number.isFinite)).toBe(true);
            const hint = hints.get(c.name);
            if (hint) expect([c.x, c.y]).toEqual([hint.x, hint.y]);
          }
          const simulation = new Simulation(new TagEngine(loaded), loaded.behaviours ?? [], { seed: 1 });
          simulation.run();
          simulation.advance(1000);
          expect(snapshotPlant(simulation).conveyors.map((c) => c.name)).toEqual(conveyors);
          expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
          drawn++;
        },
      ),
      { numRuns: 200 },
    );
    // Most scenes are taken (a name of spaces is refused), so drawn and run.
    expect(drawn).toBeGreaterThan(100);
  });
});

describe("a scene file's stacker cranes and forces, whatever they hold", () => {
  it('load and run, or are refused with every problem at its place; a run never throws', () => {
    const warehouse = JSON.parse(serializeScene(builtinScene('Automated Warehouse')!)) as {
      tags: Record<string, unknown>[];
      behaviours: Record<string, unknown>[];
    };
    const crane = warehouse.behaviours.find((b) => 'stackerCrane' in b)!;
    const others = warehouse.behaviours.filter((b) => b !== crane);
    const anything = fc.jsonValue({ maxDepth: 2 });
    const number = fc.oneof(
      fc.double({ min: -100, max: 100, noNaN: true }),
      fc.constantFrom(0, 1e308, -1, 54, 55),
      anything,
    );
    const axis = fc.oneof(
      fc.record({ first: number, pitch: number, speed: number, startStopMs: number }, { requiredKeys: [] }),
      anything,
    );
    // Most fields as the plant has them (nil, 5 in 6), so that loading walks both ways.
    const field = (value: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: fc.constant(undefined), weight: 5 }, { arbitrary: value, weight: 1 });
    const changes = fc.record({
      stackerCrane: field(fc.oneof(fc.constantFrom('crane', '', ' '), anything)),
      target: field(fc.oneof(fc.constantFrom('Target Position', 'Lift', 'Moving X', 'nope'), anything)),
      movingX: field(fc.oneof(fc.constantFrom('Moving X', 'At Load', 'Target Position'), anything)),
      lift: field(fc.oneof(fc.constantFrom('Lift', 'Forks Left', 'Moving Z'), anything)),
      liftMs: field(number),
      columns: field(number),
      levels: field(number),
      x: field(axis),
      z: field(axis),
      forced: field(anything),
    });
    let taken = 0;
    let refused = 0;
    fc.assert(
      fc.property(changes, (c) => {
        const { forced, ...craneChanges } = c;
        const edited = { ...crane };
        for (const [key, value] of Object.entries(craneChanges)) if (value !== undefined) edited[key] = value;
        const tags = warehouse.tags.map((t) =>
          t['name'] === 'Emitter' && forced !== undefined ? { ...t, forced } : t,
        );
        const text = JSON.stringify({ ...warehouse, tags, behaviours: [...others, edited] });
        try {
          const loaded = parseSceneFile(text, 'crane.tagsim.json');
          const bench = new Bench(loaded, loaded.behaviours ?? []);
          bench.runFor((io) => io.set('Target Position', 24), 3000);
          bench.runFor((io) => io.set('Target Position', 0), 100);
          taken++;
        } catch (error) {
          refused++;
          expect(error).toBeInstanceOf(ValidationError);
          for (const problem of (error as ValidationError).problems) {
            expect(problem.path).toMatch(/^(behaviours|tags)(\.|\[|$)/);
            expect(problem.message.length).toBeLessThan(600);
          }
        }
      }),
      { numRuns: 150 },
    );
    expect(taken).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});

describe("presets' fields, whatever they hold", () => {
  it('never throw: a field is taken when right, reported and left out when not', () => {
    const anything = fc.oneof(
      fc.json({ maxDepth: 4 }).map((j) => JSON.parse(j) as unknown),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            locked: fc.oneof(anything, fc.array(fc.oneof(fc.constantFrom(...LOCKABLE_NAMES), anything))),
            studentMode: fc.oneof(
              anything,
              fc.record(
                {
                  hideFaultControls: fc.oneof(fc.boolean(), anything),
                  allow: fc.oneof(
                    anything,
                    fc.array(fc.oneof(fc.constantFrom(...STUDENT_CONTROLS), anything)),
                  ),
                },
                { requiredKeys: [] },
              ),
            ),
            modbus: fc.oneof(
              anything,
              fc.record({ port: anything, scaleFactor: anything }, { requiredKeys: [] }),
            ),
            port: anything,
          },
          { requiredKeys: [] },
        ),
        fc.uniqueArray(fc.tuple(objectKeyName, fc.jsonValue({ maxDepth: 2 })), {
          maxLength: 3,
          selector: ([key]) => key,
        }),
        (fields, strange) => {
          // Fields named like the members of every object, as JSON.parse makes them: own fields.
          // (A function, so that a value holding `$'` or `$&` is not read as a replacement pattern.)
          const text = JSON.stringify(fields).replace(
            /^\{/,
            () =>
              `{${strange.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`).join('')}`,
          );
          const input = JSON.parse(text.replace(/,\}$/, '}')) as Record<string, unknown>;
          const { presets, problems } = parsePresets(input, 'presets.json');
          for (const [key] of strange) expect(problems.map((p) => p.field)).toContain(key);
          for (const name of presets.locked ?? []) expect(LOCKABLE_NAMES).toContain(name);
          const asked = input.studentMode as Record<string, unknown> | undefined;
          if (presets.studentMode) {
            const { allow } = presets.studentMode;
            // Only the lab's words, once each, and never one the presets did not give.
            for (const word of allow) expect(STUDENT_CONTROLS).toContain(word);
            expect(new Set(allow).size).toBe(allow.length);
            if (asked?.['hideFaultControls'] === true) expect(allow).not.toContain('faults');
            if (Array.isArray(asked?.['allow']))
              for (const word of allow) expect(asked['allow']).toContain(word);
          }
          const words = asked?.['allow'];
          if (
            Array.isArray(words) &&
            words.some((w) => !(STUDENT_CONTROLS as readonly unknown[]).includes(w))
          )
            expect(problems.some((p) => p.message.includes('studentMode.allow['))).toBe(true);
          for (const problem of problems) expect(problem.message).toMatch(/presets\.json/);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a file TagSim may not read', () => {
  // CI runs as root, for whom file modes mean nothing: read as the unprivileged user there.
  const asRoot = process.getuid?.() === 0;
  const withoutPrivileges = async <T>(work: () => Promise<T>): Promise<T> => {
    if (asRoot) process.seteuid!(65534);
    try {
      return await work();
    } finally {
      if (asRoot) process.seteuid!(0);
    }
  };

  it.each(Object.entries(READERS))(
    '%s: is refused as "permission denied", naming the file',
    async (_k, read) => {
      const path = file(scene);
      chmodSync(path, 0o000);
      const outcome = await withoutPrivileges(() =>
        read(path).then(
          () => 'read',
          (e: Error) => e.message,
        ),
      );
      expect(outcome).toMatch(/permission denied/);
      expect(outcome).toContain(basename(path));
    },
  );

  it('presets: is reported, and no presets apply', async () => {
    const path = file('{"port": 8000}');
    chmodSync(path, 0o000);
    const problems: unknown[] = [];
    const presets = await withoutPrivileges(() =>
      loadPresets([{ path, source: 'env' }], (e) => problems.push(e)),
    );
    expect(problems.map((p) => String((p as Error).message)).join('\n')).toMatch(
      /cannot open .+: permission denied/,
    );
    expect(presets.settings).toEqual({});
  });
});

describe("a lab file's studentMode and controlApi, whatever they hold", () => {
  it('never throw but a ValidationError naming the file: only known controls and owners are taken', () => {
    const anything = fc.oneof(
      fc.json({ maxDepth: 4 }).map((j) => JSON.parse(j) as unknown),
      fc.anything(),
    );
    const studentMode = fc.oneof(
      anything,
      fc.record({
        allow: fc.oneof(anything, fc.array(fc.oneof(fc.constantFrom(...STUDENT_CONTROLS), anything))),
      }),
    );
    const controlApi = fc.oneof(anything, fc.constantFrom(...CONTROL_API_OWNERS));
    const station = fc.record({ studentMode, controlApi }, { requiredKeys: [] });
    fc.assert(
      fc.property(
        fc.record(
          { studentMode, controlApi, stations: fc.array(station, { minLength: 1, maxLength: 3 }) },
          { requiredKeys: ['stations'] },
        ),
        (input) => {
          let lab;
          try {
            lab = parseLabFile(JSON.stringify(input), 'lab.json');
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
            expect((error as Error).message).toContain('lab.json');
            return;
          }
          for (const s of lab.stations) {
            for (const control of s.studentMode!.allow) expect(STUDENT_CONTROLS).toContain(control);
            expect(CONTROL_API_OWNERS).toContain(s.controlApi);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
