// scripts/build.mjs (`npm run build`, `npm run serve`, the tests' global setup) builds only what
// changed: nothing when nothing did, one bundle for one edited stylesheet, an output edited or
// deleted by hand is written again. Runs the real script in a copy of the project (sources,
// scripts, configuration, node_modules linked) whose dist/ starts as a copy of the one the global
// setup has just built, so the first build there has nothing to do. See README, "Quick start".
import { execFile } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const COPIED = [
  'main',
  'shared',
  'renderer',
  'scripts',
  'dist',
  'tsconfig.json',
  'tsconfig.build.json',
  'package.json',
];

describe('npm run build in a project whose dist/ is up to date', () => {
  let project = '';

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'tagsim-build-'));
    for (const path of COPIED) cpSync(join(root, path), join(project, path), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'), 'dir');
  });

  afterAll(() => rmSync(project, { recursive: true, force: true }));

  const build = () =>
    new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(process.execPath, ['scripts/build.mjs'], { cwd: project }, (error, _stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr }),
      );
    });

  /** Modification time of every file under dist/, to tell which ones a build wrote. */
  const times = () =>
    Object.fromEntries(
      readdirSync(join(project, 'dist'), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => {
          const path = join(entry.parentPath, entry.name);
          return [path.slice(project.length + 1), statSync(path).mtimeMs];
        }),
    );
  const written = (before: Record<string, number>) =>
    Object.entries(times())
      .filter(([path, time]) => before[path] !== time)
      .map(([path]) => path)
      .sort();
  /** Edits a source and dates it a day back: the build must go by content, not by time. */
  const editBackdated = (path: string, text: string) => {
    appendFileSync(join(project, path), text);
    const past = new Date(Date.now() - 86_400_000);
    utimesSync(join(project, path), past, past);
  };

  it('does nothing, and says nothing, when nothing changed', async () => {
    const before = times();
    expect(await build()).toEqual({ code: 0, stderr: '' });
    expect(written(before)).toEqual([]);
  });

  it('rebuilds only the bundle whose stylesheet changed, and is up to date after it', async () => {
    editBackdated('renderer/lab/lab.css', '\n.build-probe { color: red; }\n');
    const before = times();
    const { code, stderr } = await build();
    expect(code).toBe(0);
    expect(stderr).toMatch(/^build: 1 bundle\(s\): dist\/renderer\/lab\/lab\.css in [\d.]+ s\n$/);
    expect(written(before)).toEqual(['dist/renderer/lab/lab.css']);
    expect(readFileSync(join(project, 'dist/renderer/lab/lab.css'), 'utf8')).toContain('.build-probe');
    expect(await build()).toEqual({ code: 0, stderr: '' });
  });

  it('writes again an output that was edited by hand', async () => {
    const original = readFileSync(join(project, 'dist/renderer/app.js'), 'utf8');
    appendFileSync(join(project, 'dist/renderer/app.js'), '\nconsole.log("edited");\n');
    const { code, stderr } = await build();
    expect(code).toBe(0);
    expect(stderr).toContain('1 bundle(s): dist/renderer/app.js in');
    expect(readFileSync(join(project, 'dist/renderer/app.js'), 'utf8')).toBe(original);
  });

  it('compiles every file again when a compiled output is missing (tsc alone would not notice)', async () => {
    unlinkSync(join(project, 'dist/main/cli/main.js'));
    editBackdated('main/cli/main.ts', '\nexport const buildProbe = 1;\n');
    const { code, stderr } = await build();
    expect(code).toBe(0);
    expect(stderr).toMatch(/^build: tsc \(every file\) in [\d.]+ s\n$/);
    expect(readFileSync(join(project, 'dist/main/cli/main.js'), 'utf8')).toContain('buildProbe = 1');
    expect(await build()).toEqual({ code: 0, stderr: '' });
  }, 180_000);
});
