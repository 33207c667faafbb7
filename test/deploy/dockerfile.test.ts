// The Dockerfile's rules that matter (non-root user, pinned official base, no dev dependencies,
// a health check on the status route, signals to node), checked by a small checker since no
// maintained Dockerfile linter installs on these machines (docs/deploy.md); and its command is
// one the real `tagsim` accepts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { DOCKERFILE, dockerfileProblems, execForm, lastOf, readDockerfile } from './dockerfile.js';

const semver = createRequire(import.meta.url)('semver') as { satisfies(v: string, range: string): boolean };
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  engines: { node: string };
};
const text = readFileSync(DOCKERFILE, 'utf8');
const stages = readDockerfile(text);
const runtime = stages.at(-1)!;

describe('the Dockerfile', () => {
  it('keeps every rule', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    expect(dockerfileProblems(stages, 20)).toEqual([]);
  });

  it('builds on a Node that package.json accepts', () => {
    for (const stage of stages) {
      const version = /^node:(\d+\.\d+\.\d+)-/.exec(stage.from)?.[1] ?? '';
      expect(semver.satisfies(version, pkg.engines.node), stage.from).toBe(true);
    }
  });

  it.each([
    [
      'FROM node:20.20.2-bookworm-slim AS runtime',
      'FROM node:20-slim AS runtime',
      'FROM node:20-slim: not the official node image, slim, at an exact version',
    ],
    [
      'FROM node:20.20.2-bookworm-slim AS runtime',
      'FROM node:22.1.0-bookworm-slim AS runtime',
      'FROM node:22.1.0-bookworm-slim: not Node 20',
    ],
    ['USER node', 'USER root', 'the runtime stage does not end as USER node'],
    ['USER node', 'USER node\nUSER root', 'the runtime stage does not end as USER node'],
    [
      'npm ci --omit=dev --ignore-scripts',
      'npm ci --ignore-scripts',
      "the runtime stage's npm ci lacks --omit=dev",
    ],
    [
      'npm ci --omit=dev --ignore-scripts',
      'npm ci --omit=dev',
      "the runtime stage's npm ci lacks --ignore-scripts",
    ],
    ['/src/package-lock.json ./', '/src/package-lock.json /src/node_modules ./', 'copies node_modules'],
    ['CMD ["lab"', 'CMD lab #', 'CMD is missing or not in exec form'],
    ["7474/healthz'", "7474/'", 'no HEALTHCHECK on the status route'],
  ])('finds a broken rule: %s -> %s', (from, to, problem) => {
    const lastStage = text.lastIndexOf('FROM ');
    const broken = text.slice(0, lastStage) + text.slice(lastStage).replace(from, to);
    expect(broken).not.toBe(text);
    expect(dockerfileProblems(readDockerfile(broken), 20).join('\n')).toContain(problem);
  });

  it('starts `tagsim lab` from the mounted lab file and the Secret token, on every interface', () => {
    const entrypoint = execForm(lastOf(runtime, 'ENTRYPOINT'))!;
    const command = execForm(lastOf(runtime, 'CMD'))!;
    expect(entrypoint).toEqual(['node', '/app/dist/main/cli/main.js']);
    expect(parseCli(command)).toMatchObject({
      command: 'lab',
      stations: { labFile: '/lab/lab.json' },
      tokenFile: '/run/secrets/tagsim/token',
      host: '0.0.0.0',
      port: 7410,
      dashboardPort: 7474,
    });
    expect(runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args).toContain(
      'http://127.0.0.1:7474/healthz',
    );
  });
});
