import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../main/cli/option-values.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { cliIo } from '../support/cli-io.js';

describe('runCli', () => {
  it('prints help for --help, -h and help', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const t = cliIo();
      expect(await runCli(argv, t.io)).toBe(0);
      expect(t.out.join('\n')).toContain('Usage: tagsim <command> [options]');
      expect(t.out.join('\n')).toContain('--port <n>');
    }
  });

  it('prints the help and exits 2 when no command is given', async () => {
    const t = cliIo();
    expect(await runCli([], t.io)).toBe(2);
    expect(t.out).toEqual([]);
    expect(t.err.join('\n')).toContain('Usage: tagsim <command> [options]');
  });

  it("prints one command's options for `tagsim <command> --help` and `tagsim help <command>`", async () => {
    for (const argv of [
      ['serve', '--help'],
      ['help', 'serve'],
      ['serve', '-h'],
    ]) {
      const t = cliIo();
      expect(await runCli(argv, t.io)).toBe(0);
      const text = t.out.join('\n');
      expect(text.split('\n')[0]).toBe('Usage: tagsim serve [options]');
      for (const option of ['--port <n>', '--host <address>', '--scene <scene>', '--ui', '--time-scale <x>'])
        expect(text).toContain(option);
      expect(text).not.toContain('--csv');
      expect(text).not.toContain('--report');
    }
    const run = cliIo();
    expect(await runCli(['run', '--help'], run.io)).toBe(0);
    expect(run.out.join('\n')).toContain('Usage: tagsim run <scenario> [options]');
    expect(run.out.join('\n')).toContain('--report <file>');
  });

  it('documents in the help exactly the options each command takes', async () => {
    // Every option in a command's help is accepted by that command, and no other is.
    const options = [
      '--port',
      '--host',
      '--scene',
      '--state',
      '--ui',
      '--report',
      '--csv',
      '--out',
      '--force',
    ];
    for (const command of ['serve', 'import', 'export', 'snapshot', 'schema', 'scenes']) {
      const t = cliIo();
      await runCli([command, '--help'], t.io);
      const help = t.out.join('\n');
      for (const option of options) {
        const documented = new RegExp(`^  ${option}\\b`, 'm').test(help);
        const argv = [command, option, ...(option === '--ui' || option === '--force' ? [] : ['x'])];
        let refused = false;
        try {
          parseCli(argv);
        } catch (error) {
          refused = error instanceof UsageError && error.message.startsWith(`${option} is an option of`);
        }
        expect(refused, argv.join(' ')).toBe(!documented);
      }
    }
  });

  it('prints the version', async () => {
    const t = cliIo();
    expect(await runCli(['--version'], t.io)).toBe(0);
    expect(t.out).toEqual(['9.9.9']);
  });

  it('lists the built-in scenes with the default marked', async () => {
    const t = cliIo();
    expect(await runCli(['scenes'], t.io)).toBe(0);
    expect(t.out).toContain('Sorting by Height (Basic) (default)');
    expect(t.out).toContain('Sorting by Weight');
    expect(t.out.length).toBe(21);
  });

  it.each([
    [['serve', '--bogus'], "tagsim: unknown option '--bogus' (see 'tagsim --help')"],
    [
      ['serve', '--prot', '1'],
      "tagsim: unknown option '--prot'; did you mean '--port'? (see 'tagsim --help')",
    ],
    [
      ['serve', '--time-scael', '2'],
      "tagsim: unknown option '--time-scael'; did you mean '--time-scale'? (see 'tagsim --help')",
    ],
    [['srve'], "tagsim: unknown command 'srve'; did you mean 'serve'? (see 'tagsim --help')"],
    [['help', 'exprot'], "tagsim: unknown command 'exprot'; did you mean 'export'? (see 'tagsim --help')"],
    [
      ['serve', '--port', 'eighty'],
      "tagsim: --port must be a whole number; got 'eighty' (see 'tagsim --help')",
    ],
    [
      ['serve', '--port', '70000'],
      "tagsim: --port must be from 0 to 65535; got '70000' (see 'tagsim --help')",
    ],
    [['serve', '--port'], "tagsim: option '--port' needs a value (see 'tagsim --help')"],
    [['launch'], "tagsim: unknown command 'launch' (see 'tagsim --help')"],
    [['serve', 'extra'], "tagsim: unexpected argument 'extra' (see 'tagsim --help')"],
    [
      ['scenes', '--port', '1'],
      "tagsim: --port is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab' and 'tagsim grade' and 'tagsim class' (see 'tagsim --help')",
    ],
    [
      ['serve', '--scene', 'A', '--synthetic', '5'],
      "tagsim: --scene and --synthetic cannot be used together (see 'tagsim --help')",
    ],
  ])('rejects %j with one line and exit code 2', async (argv, message) => {
    const t = cliIo();
    expect(await runCli(argv, t.io)).toBe(2);
    expect(t.err).toEqual([message]);
    expect(t.out).toEqual([]);
  });

  it('names an unknown scene and exits 1 without serving', async () => {
    const t = cliIo();
    expect(await runCli(['serve', '--port', '0', '--scene', 'Nope'], t.io)).toBe(1);
    expect(t.err).toEqual([
      "tagsim: unknown scene 'Nope'; 'tagsim scenes' lists the built-in scenes, and a scene file's name ends in .tagsim.json or .factoryio",
    ]);
  });

  it('reports a taken port in one line and exits 1', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const t = cliIo();
      expect(await runCli(['serve', '--port', String(port)], t.io)).toBe(1);
      expect(t.err).toEqual([
        `tagsim: port ${port} on 127.0.0.1 is already in use; stop the other program or choose another port with --port`,
      ]);
    } finally {
      blocker.close();
    }
  });

  it('serves the chosen scene until asked to stop, then closes the port', async () => {
    const t = cliIo();
    const done = runCli(['serve', '--port', '0', '--scene', 'filling tank'], t.io);
    await expect.poll(() => t.out.length).toBe(3);
    expect(t.out[0]).toBe('TagSim 9.9.9 serving "Filling Tank" (14 tags)');
    const url = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(t.out[1]!)?.[1];
    expect(url).toBeDefined();
    const tags = (await (await fetch(`${url}/api/tags?name=Fill valve`)).json()) as { name: string }[];
    expect(tags.map((tag) => tag.name)).toEqual(['Fill valve']);
    t.stop('SIGTERM');
    expect(await done).toBe(0);
    expect(t.out[2]).toBe("Simulation: running at 1x, seed 1; the scene's 3 behaviours");
    expect(t.out[3]).toBe('TagSim stopped (SIGTERM).');
    await expect(fetch(`${url}/api/tags`)).rejects.toThrow();
  });

  it('serves a synthetic scene of the requested size', async () => {
    const t = cliIo();
    const done = runCli(['serve', '--port', '0', '--synthetic', '250'], t.io);
    await expect.poll(() => t.out.length).toBe(3);
    expect(t.out[0]).toBe('TagSim 9.9.9 serving "Synthetic (250 tags)" (250 tags)');
    expect(t.out[2]).toBe('Simulation: running at 1x, seed 1; no behaviours (only the lifecycle)');
    t.stop('SIGINT');
    expect(await done).toBe(0);
  });
});
