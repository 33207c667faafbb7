// The image's runtime stage as plain commands in a clean folder (no container runtime here): the
// packed tarball unpacked, the Dockerfile's own `npm ci` (production dependencies, no install
// scripts; from npm's cache), then the image's command with a lab file and a token file, smoke
// tested over real HTTP on 127.0.0.1: a station's tag API, the dashboard's status route (and the
// HEALTHCHECK's own command), the dashboard's API with the token, a clean stop on SIGTERM. Also:
// nothing the command loads needs a devDependency. See docs/deploy.md.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTagsim } from '../support/tagsim-process.js';
import { execForm, lastOf, readDockerfile } from './dockerfile.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; optional?: boolean }>;
};
const runtime = readDockerfile().at(-1)!;
const npmCi = runtime.instructions
  .filter((i) => i.keyword === 'RUN')
  .map((i) => /npm ci[^&;|]*/.exec(i.args)?.[0])
  .find(Boolean)!
  .trim()
  .split(/\s+/);
const TOKEN = 'class-a-instructor-token-0001';

const run = (command: string, args: string[], cwd: string) =>
  new Promise<string>((done, fail) =>
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? fail(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`)) : done(stdout),
    ),
  );

/** Every module specifier a compiled file imports (static, re-exported, dynamic with a literal). */
function specifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s*'([^']+)'/gm),
    ...source.matchAll(/^\s*import\s*'([^']+)'/gm),
    ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

describe("the image's runtime stage, run as plain commands", () => {
  let work = '';
  let app = '';

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'tagsim-runtime-stage-'));
    app = join(work, 'app');
    mkdirSync(app);
    const packed = JSON.parse(
      await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], root),
    ) as { filename: string }[];
    // COPY --from=build tagsim.tgz package-lock.json, then the stage's RUN.
    copyFileSync(join(root, 'package-lock.json'), join(app, 'package-lock.json'));
    await run('tar', ['-xzf', join(work, packed[0]!.filename), '--strip-components=1'], app);
    await run(npmCi[0]!, [...npmCi.slice(1), '--prefer-offline'], app);
  }, 180_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('installs the production dependencies of package-lock.json and nothing else', () => {
    const installed = readdirSync(join(app, 'node_modules'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .flatMap((e) =>
        e.name.startsWith('@')
          ? readdirSync(join(app, 'node_modules', e.name)).map((n) => `${e.name}/${n}`)
          : [e.name],
      )
      .sort();
    const production = Object.entries(lock.packages)
      .filter(
        ([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev && !entry.optional,
      )
      .map(([path]) => path.slice('node_modules/'.length))
      .sort();
    expect(installed).toEqual(production);
    for (const tool of ['electron', 'electron-builder', 'typescript', 'esbuild', 'vitest']) {
      expect(installed).not.toContain(tool);
    }
  });

  it('runs nothing that needs a devDependency: every import from the command resolves in the install', () => {
    const seen = new Set<string>();
    const bare = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec));
        else if (!spec.startsWith('node:')) bare.add(spec);
      }
    };
    visit(join(app, 'dist/main/cli/main.js'));
    expect(seen.size).toBeGreaterThan(100);
    expect([...seen].filter((f) => f.includes('/dist/main/electron/'))).toEqual([]);
    const requireFromApp = createRequire(join(app, 'dist/main/cli/main.js'));
    expect([...bare].sort()).toContain('koa');
    for (const spec of bare) expect(requireFromApp.resolve(spec), spec).toContain(`${app}/node_modules/`);
  });

  it("serves a lab from the image's command: stations, status route, dashboard with the token, clean stop", async () => {
    const command = execForm(lastOf(runtime, 'CMD'))!;
    writeFileSync(join(work, 'token'), `${TOKEN}\n`);
    writeFileSync(
      join(work, 'lab.json'),
      JSON.stringify({ stations: [{ scene: 'Filling Tank', label: 'Bench 1' }, { label: 'Bench 2' }] }),
    );
    // The image's arguments, with this machine's files and free ports on 127.0.0.1.
    const local: Record<string, string> = {
      '/lab/lab.json': join(work, 'lab.json'),
      '/run/secrets/tagsim/token': join(work, 'token'),
      '0.0.0.0': '127.0.0.1',
      '7410': '0',
      '7474': '0',
    };
    const lab = spawnTagsim(
      command.map((a) => local[a] ?? a),
      [],
      { bin: join(app, 'dist/main/cli/main.js'), cwd: app },
    );
    try {
      await new Promise<void>((ready, fail) => {
        lab.child.stdout!.on('data', () => (/Dashboard: /.test(lab.out()) ? ready() : undefined));
        void lab.exited.then((code) => fail(new Error(`tagsim lab exited with ${code}: ${lab.err()}`)));
      });
      const out = lab.out();
      const station1 = /station 1 \(Bench 1\): (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
      const dashboard = /Dashboard: (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/.exec(out)!;
      expect(dashboard[2]).toBe(TOKEN);

      const tags = (await (await fetch(`${station1}/api/tags`)).json()) as { name: string }[];
      expect(tags.length).toBeGreaterThan(0);
      const healthz = await fetch(`${dashboard[1]}/healthz`);
      expect([healthz.status, await healthz.json()]).toEqual([200, { status: 'serving', stations: 2 }]);
      expect((await fetch(`${dashboard[1]}/api/stations`)).status).toBe(401);
      const overview = await fetch(`${dashboard[1]}/api/stations`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const stations = ((await overview.json()) as { stations: { label: string; scene: string }[] }).stations;
      expect(stations.map((s) => [s.label, s.scene])).toEqual([
        ['Bench 1', 'Filling Tank'],
        ['Bench 2', 'Sorting by Height (Basic)'],
      ]);
      // The same token is the stations' control API's (the lab file's default, "instructor").
      const status = await fetch(`${station1}/tagsim/v1/status`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(status.status).toBe(200);

      // The HEALTHCHECK's own command, pointed at this dashboard's port.
      const health = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args;
      const probe = execForm({ keyword: 'CMD', args: health.slice(health.indexOf('[')), line: 0 })!;
      const port = new URL(dashboard[1]!).port;
      const probeArgs = probe.slice(1).map((a) => a.replace('127.0.0.1:7474', `127.0.0.1:${port}`));
      await expect(run(process.execPath, probeArgs, work)).resolves.toBe('');

      lab.child.kill('SIGTERM');
      expect(await lab.exited).toBe(0);
      expect(lab.out()).toContain('TagSim lab stopped (SIGTERM).');
      expect(lab.err()).toBe('');
      await expect(run(process.execPath, probeArgs, work)).rejects.toThrow();
    } finally {
      lab.child.kill('SIGKILL');
    }
  }, 60_000);
});
