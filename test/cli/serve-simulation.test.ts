// `tagsim serve` and the simulation: --seed, --paused and --time-scale, the line it prints, and
// the lifecycle over the API (a controller writes FACTORY I/O (Run) and the simulation starts).
import { describe, expect, it } from 'vitest';
import { HELP, parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { cliIo } from '../support/cli-io.js';
import { rawRequest } from '../support/http-client.js';

describe('the simulation options of tagsim serve', () => {
  it('defaults: seed 1, running on start, at 1x', () => {
    expect(parseCli(['serve'])).toMatchObject({ seed: undefined, paused: false, timeScale: undefined });
  });

  it('reads --seed, --paused and --time-scale (written 2, 0.5 or 2x)', () => {
    expect(parseCli(['serve', '--seed', '42', '--paused', '--time-scale', '2x'])).toMatchObject({
      command: 'serve',
      seed: 42,
      paused: true,
      timeScale: 2,
    });
    expect(parseCli(['serve', '--time-scale', '0.25'])).toMatchObject({ timeScale: 0.25 });
    expect(parseCli(['serve', '--time-scale', '8'])).toMatchObject({ timeScale: 8 });
    expect(parseCli(['serve', '--time-scale', '.5'])).toMatchObject({ timeScale: 0.5 });
    expect(parseCli(['serve', '--seed', '4294967295'])).toMatchObject({ seed: 4294967295 });
  });

  it.each([
    [
      ['serve', '--time-scale', '10'],
      "--time-scale must be a number from 0.25 to 8 (like 2 or 0.5); got '10'",
    ],
    [
      ['serve', '--time-scale', '0.1'],
      "--time-scale must be a number from 0.25 to 8 (like 2 or 0.5); got '0.1'",
    ],
    [
      ['serve', '--time-scale', 'fast'],
      "--time-scale must be a number from 0.25 to 8 (like 2 or 0.5); got 'fast'",
    ],
    [['serve', '--time-scale', '-2'], "option '--time-scale' needs a value"],
    [['serve', '--seed', '1.5'], "--seed must be a whole number; got '1.5'"],
    [['serve', '--seed', '4294967296'], "--seed must be from 0 to 4294967295; got '4294967296'"],
    [['scenes', '--paused'], "--paused is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab'"],
    [
      ['export', '--time-scale', '2'],
      "--time-scale is an option of 'tagsim serve' and 'tagsim run' and 'tagsim lab' and 'tagsim grade'",
    ],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });

  it('are in the help', () => {
    for (const option of ['--seed <n>', '--paused', '--time-scale <x>']) expect(HELP).toContain(option);
  });
});

describe('tagsim serve with the simulation', () => {
  it('starts paused at 4x when asked; a controller writing FACTORY I/O (Run) starts it', async () => {
    const t = cliIo();
    const done = runCli(['serve', '--port', '0', '--paused', '--time-scale', '4', '--seed', '3'], t.io);
    await expect.poll(() => t.out.length).toBe(3);
    expect(t.out[2]).toBe("Simulation: paused, not started at 4x, seed 3; the scene's 6 behaviours");
    const url = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(t.out[1]!)![1]!;
    const read = async (names: string[]) =>
      (await rawRequest(url, 'GET', '/api/tag/values/by-name', { body: JSON.stringify(names) })).json as {
        name: string;
        value: unknown;
      }[];
    const running = async () => (await read(['FACTORY I/O (Running)']))[0]!.value;
    expect(await read(['FACTORY I/O (Time Scale)', 'FACTORY I/O (Running)'])).toEqual([
      { name: 'FACTORY I/O (Time Scale)', value: 4 },
      { name: 'FACTORY I/O (Running)', value: false },
    ]);
    const put = await fetch(`${url}/api/tag/values/by-name`, {
      method: 'PUT',
      body: JSON.stringify([{ name: 'FACTORY I/O (Run)', value: true }]),
    });
    expect(await put.json()).toEqual([]);
    await expect.poll(running, { timeout: 2_000 }).toBe(true);
    t.stop('SIGTERM');
    expect(await done).toBe(0);
  });
});
