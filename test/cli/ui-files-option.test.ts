// `tagsim serve --ui --ui-files`: the browser UI's file access on a network host (docs/security.md).
import { describe, expect, it } from 'vitest';
import { HELP, parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';

describe('the --ui-files option of tagsim serve', () => {
  it('is off unless given, and goes with --ui or the control API', () => {
    expect(parseCli(['serve', '--ui'])).toMatchObject({ command: 'serve', ui: true, uiFiles: false });
    expect(parseCli(['serve', '--ui', '--ui-files', '--host', '0.0.0.0'])).toMatchObject({
      ui: true,
      uiFiles: true,
      host: '0.0.0.0',
    });
  });

  it.each([
    [['serve', '--ui-files', '--no-control'], '--ui-files goes with --ui or the control API'],
    [['run', 'x.json', '--ui-files'], "--ui-files is an option of 'tagsim serve'"],
    [['serve', '--ui', '--ui-files=yes'], "option '--ui-files' does not take a value"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });

  it('is in the help', () => {
    expect(HELP).toContain('--ui-files');
  });

  it('prints no file-access line on 127.0.0.1, where the window keeps its file access', async () => {
    const out: string[] = [];
    let stop!: (signal: string) => void;
    const done = runCli(['serve', '--ui', '--port', '0'], {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
      stopRequested: new Promise((resolve) => (stop = resolve)),
      version: '9.9.9',
      rendererDir: '/nonexistent/',
    });
    await expect.poll(() => out.some((line) => line.startsWith('Simulation:'))).toBe(true);
    expect(out.some((line) => line.startsWith('UI: http://127.0.0.1:'))).toBe(true);
    expect(out.filter((line) => line.includes('file access'))).toEqual([]);
    stop('SIGTERM');
    expect(await done).toBe(0);
  });
});
