// What the desktop package ships, checked without the Electron binary (which our build machines
// cannot download): electron-builder packs a Linux unpacked directory (`--dir --linux`) around a
// stand-in Electron distribution, a folder holding a shell script named `electron`. Everything
// else is the real thing: the real electron-builder.yml, file patterns, dependency collection,
// app.asar and fuse flipping. The stand-in carries a fuse wire (the sentinel @electron/fuses looks
// for, followed by Electron's default fuse states), so the configured fuses are really flipped and
// read back. Packs the dist/ that the test globalSetup (test/setup/build-dist.ts) has just built,
// as `npm run build` does. See docs/packaging.md.
import { extractFile, listPackage } from '@electron/asar';
import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface PackageJson {
  name: string;
  version: string;
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as PackageJson;
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
  packages: Record<string, { name?: string; version?: string; dev?: boolean }>;
};
const electronVersion = (
  JSON.parse(readFileSync(`${root}node_modules/electron/package.json`, 'utf8')) as { version: string }
).version;

/** The marker @electron/fuses searches the Electron binary for; the fuse wire follows it. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Fuse wire V1 in Electron's order, with Electron's defaults ('1' enabled, '0' disabled). */
const FUSES = [
  ['runAsNode', '1'],
  ['enableCookieEncryption', '0'],
  ['enableNodeOptionsEnvironmentVariable', '1'],
  ['enableNodeCliInspectArguments', '1'],
  ['enableEmbeddedAsarIntegrityValidation', '0'],
  ['onlyLoadAppFromAsar', '0'],
  ['loadBrowserProcessSpecificV8Snapshot', '0'],
  ['grantFileProtocolExtraPrivileges', '1'],
] as const;

/** A stand-in for an unpacked Electron distribution for Linux: what electron-builder copies. */
function writeStandInElectron(dir: string): void {
  const wire = Buffer.concat([
    Buffer.from('#!/bin/sh\n# Stand-in for the Electron binary (TagSim packaging test). Fuse wire: '),
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([1, FUSES.length]), // fuse wire version 1, length
    Buffer.from(FUSES.map(([, state]) => state).join(''), 'ascii'),
    Buffer.from('\necho "stand-in Electron: nothing to run" >&2\nexit 1\n'),
  ]);
  writeFileSync(join(dir, 'electron'), wire);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'LICENSE'), 'Stand-in for the Electron license file.\n');
  writeFileSync(join(dir, 'version'), `${electronVersion}\n`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const builtFiles = [pkg.main, 'dist/preload/preload.cjs', 'dist/renderer/index.html', 'dist/renderer/app.js'];
const missingBuild = builtFiles.filter((f) => !existsSync(`${root}${f}`));

describe('the packaged app (electron-builder --dir --linux, stand-in Electron)', () => {
  let work = '';
  let appOutDir = '';
  let files: string[] = [];
  let log = '';
  let seconds = 0;

  beforeAll(async () => {
    expect(missingBuild, 'run `npm run build` before this test').toEqual([]);
    work = mkdtempSync(join(tmpdir(), 'tagsim-pack-'));
    const electronDist = join(work, 'electron-dist');
    const output = join(work, 'out');
    mkdirSync(electronDist);
    writeStandInElectron(electronDist);

    const started = Date.now();
    const result = await run(
      process.execPath,
      [
        `${root}node_modules/electron-builder/cli.js`,
        '--dir',
        '--linux',
        '--x64',
        '--publish',
        'never',
        `-c.electronDist=${electronDist}`,
        `-c.electronVersion=${electronVersion}`,
        `-c.directories.output=${output}`,
      ],
      {
        // Without VITEST in its environment electron-builder logs as usual (it goes quiet under vitest).
        ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST'))),
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
        // Nothing may come from the network: any download attempt would go to a closed port.
        HTTP_PROXY: 'http://127.0.0.1:9',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        ELECTRON_GET_USE_PROXY: '1',
        ELECTRON_CACHE: join(work, 'no-cache'),
        electron_config_cache: join(work, 'no-cache'),
        npm_config_offline: 'true',
        CI: 'true',
      },
    );
    seconds = (Date.now() - started) / 1000;
    log = result.output;
    expect(result.code, `electron-builder failed:\n${log}`).toBe(0);

    appOutDir = join(output, 'linux-unpacked');
    files = listPackage(join(appOutDir, 'resources', 'app.asar'), { isPack: false }).map((f) =>
      f.split(sep).join(posix.sep).replace(/^\//, ''),
    );
  }, 120_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('packs offline, quickly, without downloading anything', () => {
    expect(log).toContain('using custom unpacked Electron distribution');
    expect(log).not.toMatch(/download/i);
    expect(seconds).toBeLessThan(90);
    expect(existsSync(join(appOutDir, 'tagsim')), 'the executable, renamed from `electron`').toBe(true);
  });

  it('contains the main process, preload, renderer, tray icons and package.json', () => {
    const expected = [
      'package.json',
      pkg.main,
      'dist/main/electron/main.js',
      'dist/preload/preload.cjs',
      'dist/renderer/index.html',
      'dist/renderer/app.js',
      ...['normal', 'faults', 'stopped'].flatMap((s) => [
        `assets/tray/tray-${s}.png`,
        `assets/tray/tray-${s}@2x.png`,
      ]),
    ];
    expect(files).toEqual(expect.arrayContaining(expected));
    if (existsSync(`${root}dist/renderer/app.css`)) expect(files).toContain('dist/renderer/app.css');
    // The shared core the main process imports.
    expect(files.some((f) => f.startsWith('dist/shared/core/'))).toBe(true);
    const packaged = JSON.parse(
      extractFile(join(appOutDir, 'resources', 'app.asar'), 'package.json').toString(),
    ) as {
      main: string;
    };
    expect(packaged.main).toBe(pkg.main);
  });

  it('ships presets only when assets/presets has a presets.json, outside app.asar', () => {
    const baked = existsSync(`${root}assets/presets/presets.json`);
    expect(existsSync(join(appOutDir, 'resources', 'presets.json'))).toBe(baked);
    expect(files.filter((f) => f.endsWith('presets.json'))).toEqual([]);
  });

  it('is self-contained: every import reachable from main and the preload resolves inside app.asar', () => {
    const asarPath = join(appOutDir, 'resources', 'app.asar');
    const shipped = new Set(files);
    const builtins = new Set(builtinModules);
    const unresolved: string[] = [];
    const seen = new Set<string>();
    const queue = [pkg.main, 'dist/preload/preload.cjs'];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = extractFile(asarPath, file).toString();
      const specifiers = [
        ...source.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g),
        ...source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g),
        ...source.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((m) => m[1] as string);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.')) {
          const target = posix.normalize(posix.join(posix.dirname(file), specifier));
          if (shipped.has(target)) queue.push(target);
          else unresolved.push(`${file} imports ${specifier}`);
        } else if (specifier !== 'electron' && !specifier.startsWith('node:') && !builtins.has(specifier)) {
          const name = specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : specifier.split('/')[0];
          if (!shipped.has(`node_modules/${name}/package.json`))
            unresolved.push(`${file} imports ${specifier}`);
        }
      }
    }
    expect(unresolved).toEqual([]);
    expect(seen.size).toBeGreaterThan(10);
  });

  it('contains the runtime dependencies', () => {
    for (const name of Object.keys(pkg.dependencies)) {
      expect(files, `dependency ${name}`).toContain(`node_modules/${name}/package.json`);
    }
  });

  it('contains no sources, tests, docs, scripts, source maps or project config', () => {
    const app = files.filter((f) => !f.startsWith('node_modules/'));
    expect(app.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const dir of [
      'main/',
      'shared/',
      'renderer/',
      'test/',
      'docs/',
      'scripts/',
      '.ci/',
      '.git/',
      'out/',
    ]) {
      expect(app.filter((f) => f.startsWith(dir))).toEqual([]);
    }
    for (const file of [
      'README.md',
      'electron-builder.yml',
      'tsconfig.json',
      'tsconfig.build.json',
      'vitest.config.ts',
      'eslint.config.js',
      'package-lock.json',
      'assets/icon.png',
    ]) {
      expect(app).not.toContain(file);
    }
    // Of the build output, only what the app runs.
    expect(
      app.filter((f) => f.startsWith('dist/') && !/^dist\/(main|shared|preload|renderer)(\/|$)/.test(f)),
    ).toEqual([]);
  });

  it('contains no development dependency', () => {
    for (const name of Object.keys(pkg.devDependencies)) {
      expect(files, `devDependency ${name}`).not.toContain(`node_modules/${name}`);
    }
    for (const name of ['vitest', 'electron', 'electron-builder', 'typescript', 'esbuild', 'eslint']) {
      expect(files.some((f) => f.startsWith(`node_modules/${name}/`))).toBe(false);
    }

    // Every package shipped, at any depth, is a production package of the lock file (by name and
    // version: electron-builder may nest packages differently from npm).
    const production = new Set(
      Object.entries(lock.packages)
        .filter(([key, entry]) => key !== '' && entry.dev !== true)
        .map(
          ([key, entry]) =>
            `${entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 13)}@${entry.version}`,
        ),
    );
    const manifests = files.filter((f) => /(^|\/)node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(f));
    expect(manifests.length).toBeGreaterThan(Object.keys(pkg.dependencies).length);
    const shipped = manifests.map((f) => {
      const manifest = JSON.parse(extractFile(join(appOutDir, 'resources', 'app.asar'), f).toString()) as {
        name: string;
        version: string;
      };
      return `${manifest.name}@${manifest.version}`;
    });
    expect(shipped.filter((p) => !production.has(p))).toEqual([]);
  });

  it('flips the security fuses in the Electron binary', () => {
    const binary = readFileSync(join(appOutDir, 'tagsim'));
    const at = binary.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length;
    const wire = binary.toString('ascii', at + 2, at + 2 + FUSES.length);
    const state = Object.fromEntries(FUSES.map(([name], i) => [name, wire[i]]));
    expect(state).toEqual({
      runAsNode: '0',
      enableCookieEncryption: '1',
      enableNodeOptionsEnvironmentVariable: '0',
      enableNodeCliInspectArguments: '0',
      enableEmbeddedAsarIntegrityValidation: '1',
      onlyLoadAppFromAsar: '1',
      loadBrowserProcessSpecificV8Snapshot: '0', // not configured: Electron's default stays
      grantFileProtocolExtraPrivileges: '0',
    });
  });
});
