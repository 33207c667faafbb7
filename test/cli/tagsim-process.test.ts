// Runs the built `tagsim` command as a real process: what a user or a CI pipeline sees.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listeningUrl, spawnTagsim, TAGSIM_BIN as bin } from '../support/tagsim-process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};

describe('the tagsim command', () => {
  it('is the package bin', () => {
    expect(pkg.bin['tagsim']).toBe('dist/main/cli/main.js');
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node')).toBe(true);
  });

  it('prints its version and help', () => {
    expect(spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).stdout.trim()).toBe(
      pkg.version,
    );
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('tagsim <command>');
  });

  it('exits 2 with one line on a bad option', () => {
    const r = spawnSync(process.execPath, [bin, 'serve', '--prot', '1'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([
      "tagsim: unknown option '--prot'; did you mean '--port'? (see 'tagsim --help')",
    ]);
  });

  it('exits 2 with the help on stderr when no command is given', () => {
    const r = spawnSync(process.execPath, [bin], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: tagsim <command> [options]');
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`serves on 127.0.0.1 and stops cleanly on ${signal}`, async () => {
      const p = spawnTagsim(['serve', '--port', '0']);
      const url = await listeningUrl(p);
      expect(p.out()).toContain('serving "Sorting by Height (Basic)" (40 tags)');
      const res = await fetch(`${url}/api/tags/by-name/FACTORY%20I%2FO%20(Reset)`);
      expect(((await res.json()) as unknown[]).length).toBe(2);
      p.child.kill(signal);
      expect(await p.exited).toBe(0);
      expect(p.out()).toContain(`TagSim stopped (${signal}).`);
      expect(p.err()).toBe('');
    });
  }

  it('exits 1 naming the problem when the port is taken', async () => {
    const first = spawnTagsim(['serve', '--port', '0']);
    const port = new URL(await listeningUrl(first)).port;
    try {
      const second = spawnSync(process.execPath, [bin, 'serve', '--port', port], { encoding: 'utf8' });
      expect(second.status).toBe(1);
      expect(second.stderr.trim()).toBe(
        `tagsim: port ${port} on 127.0.0.1 is already in use; stop the other program or choose another port with --port`,
      );
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
