// What a lab needs to run in a container or a pod (docs/deploy.md): the instructor's token from a
// file (a Kubernetes Secret) instead of a new one, and a status route that needs no token, for a
// health check or a probe, and says nothing else.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../main/cli/run-cli.js';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: (signal: string) => void;
  const stopRequested = new Promise<string>((resolve) => (stop = resolve));
  const cli = { out: (l: string) => out.push(l), err: (l: string) => err.push(l), stopRequested };
  return { out, err, stop, io: { ...cli, version: '9.9.9', rendererDir: '/nonexistent/' } };
}

const dir = mkdtempSync(join(tmpdir(), 'tagsim-lab-deploy-'));
const tokenFile = (text: string) => {
  const file = join(dir, `token-${text.length}`);
  writeFileSync(file, text);
  return file;
};

describe('tagsim lab --token-file', () => {
  it("makes the file's token the dashboard's and the stations' control APIs'", async () => {
    const token = 'Kx9-instructor_token-0123';
    const t = io();
    const args = ['lab', '--stations', '2', '--port', '0', '--token-file', tokenFile(`\n${token}\r\n`)];
    const running = runCli(args, t.io);
    await expect
      .poll(() => t.out.find((l) => l.startsWith('Dashboard: ')), { timeout: 10_000 })
      .toBeDefined();
    const dashboard = /^Dashboard: (http:\S+)\/\?token=(\S+)$/.exec(t.out.at(-1)!)!;
    expect(dashboard[2]).toBe(token);
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${dashboard[1]}/api/stations`, { headers: auth })).status).toBe(200);
    const station = /station 1: (http:\S+)/.exec(t.out[1]!)![1]!;
    expect((await fetch(`${station}/tagsim/v1/status`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${station}/tagsim/v1/status`)).status).toBe(401);

    const health = await fetch(`${dashboard[1]}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect(await health.json()).toEqual({ status: 'serving', stations: 2 });
    expect((await fetch(`${dashboard[1]}/healthz`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${dashboard[1]}/healthz`, { method: 'POST' })).status).not.toBe(200);
    t.stop('SIGTERM');
    expect(await running).toBe(0);
  });

  it.each(['short', 'has spaces in it and more', ''])(
    'refuses a file whose token is not well formed (%s), without printing it',
    async (content) => {
      const t = io();
      const file = tokenFile(content);
      expect(await runCli(['lab', '--stations', '1', '--port', '0', '--token-file', file], t.io)).toBe(1);
      expect(t.err).toEqual([
        `tagsim: --token-file ${file}: the token must be 16 to 128 letters, digits, '-' or '_' (the file holds ${content.length} characters)`,
      ]);
      expect(t.out).toEqual([]);
    },
  );

  it('names a missing file, and starts nothing', async () => {
    const t = io();
    const missing = join(dir, 'no-such-token');
    expect(await runCli(['lab', '--stations', '1', '--port', '0', '--token-file', missing], t.io)).toBe(1);
    expect(t.err).toEqual([`tagsim: cannot open ${missing}: no such file`]);
  });
});
