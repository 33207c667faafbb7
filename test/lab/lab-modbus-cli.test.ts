// `tagsim lab --modbus [port]` on the command line: station k's Modbus on port + k - 1, the
// lab's own default port, the port plan's overlaps, the help, and the start-up summary.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { usageOf } from '../support/usage.js';
import { runCli } from '../../main/cli/run-cli.js';
import { DEFAULT_LAB_MODBUS_PORT, planLabPorts } from '../../shared/lab/lab-plan.js';
import { cliIo as io } from '../support/cli-io.js';
import { bitsOf, ModbusTestClient, pdu } from '../support/raw-modbus.js';

const labModbus = (argv: string[]) => {
  const command = parseCli(['lab', ...argv]);
  return command.command === 'lab' ? command.modbus : 'not lab';
};

const usage = (argv: string[]) => usageOf(['lab', ...argv]);

/** A port nobody listens on now, from the system. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
  const { port } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return port;
}

describe('tagsim lab --modbus', () => {
  it('is off unless asked; bare, it starts at 5020 (502 stays the default of serve)', () => {
    expect(labModbus(['--stations', '2'])).toBeUndefined();
    expect(labModbus(['--stations', '2', '--modbus'])).toEqual({
      port: DEFAULT_LAB_MODBUS_PORT,
      unitId: undefined,
      map: 'default',
      scaleFactor: undefined,
    });
    expect(DEFAULT_LAB_MODBUS_PORT).toBe(5020);
    expect(labModbus(['--modbus', '--stations', '2'])).toMatchObject({ port: 5020 });
    expect(labModbus(['--stations', '2', '--modbus', '6000', '--modbus-unit', '1'])).toMatchObject({
      port: 6000,
      unitId: 1,
    });
    expect(
      labModbus(['--stations', '2', '--modbus', '0', '--modbus-map', 'address', '--modbus-scale', '10']),
    ).toMatchObject({ port: 0, map: 'address', scaleFactor: 10 });
    const serve = parseCli(['serve', '--modbus']);
    expect(serve.command === 'serve' && serve.modbus?.port).toBe(502);
  });

  it.each([
    [['--stations', '2', '--modbus-unit', '1'], '--modbus-unit goes with --modbus'],
    [['--stations', '2', '--modbus', '70000'], "--modbus must be a port from 0 to 65535; got '70000'"],
    [
      ['--stations', '3', '--port', '5019', '--modbus'],
      "the Modbus ports 5020-5022 overlap the stations' ports 5019-5021; choose another --modbus or --port",
    ],
    [
      ['--stations', '3', '--port', '5000', '--modbus', '4999'],
      "the Modbus ports 4999-5001 overlap the stations' ports 5000-5002; choose another --modbus or --port",
    ],
    [
      ['--stations', '2', '--port', '5018', '--modbus'],
      "the dashboard's port 5020 is station 1's Modbus port; choose a --dashboard-port outside 5020-5021",
    ],
    [
      ['--stations', '2', '--dashboard-port', '5021', '--modbus'],
      "the dashboard's port 5021 is station 2's Modbus port; choose a --dashboard-port outside 5020-5021",
    ],
    [
      ['--stations', '3', '--modbus', '65534'],
      "3 stations' Modbus servers from port 65534 would need ports up to 65536; the highest port is 65535 (choose a lower --modbus)",
    ],
  ])('%j is refused: %s', (argv, message) => {
    expect(usage(argv)).toBe(message);
  });

  it('plans station k on port + k - 1, free ports with 0, and no check against ports the system picks', () => {
    expect(planLabPorts(3, 7410, undefined, 5020)).toEqual({
      stations: [7410, 7411, 7412],
      dashboard: 7413,
      modbus: [5020, 5021, 5022],
    });
    expect(planLabPorts(2, 0, undefined, 0)).toEqual({ stations: [0, 0], dashboard: 0, modbus: [0, 0] });
    expect(planLabPorts(2, 0, 0, 7410)).toMatchObject({ modbus: [7410, 7411] });
    expect(planLabPorts(2, 7410)).not.toHaveProperty('modbus');
  });

  it('is in the help of lab, with its default', async () => {
    const t = io();
    expect(await runCli(['lab', '--help'], t.io)).toBe(0);
    const help = t.out.join('\n');
    for (const option of ['--modbus [<port>]', '--modbus-unit <id>', '--modbus-map', '--modbus-scale <n>'])
      expect(help).toContain(option);
    expect(help).toContain('station k on port + k - 1');
    expect(help).toContain('(default 5020');
  });

  it("lists each station's Modbus port at start and serves Modbus there", async () => {
    const first = await freePort();
    const t = io();
    const running = runCli(
      ['lab', '--stations', '2', '--port', '0', '--paused', '--modbus', String(first)],
      t.io,
    );
    await expect.poll(() => t.out.some((l) => l.startsWith('Dashboard:')), { timeout: 10_000 }).toBe(true);
    const modbusLines = t.out.filter((l) => l.includes('Modbus TCP:'));
    // The second port was not probed: when another program holds it, the lab says so instead.
    if (modbusLines.length === 2) {
      expect(modbusLines).toEqual([
        `    Modbus TCP: 127.0.0.1:${first}`,
        `    Modbus TCP: 127.0.0.1:${first + 1}`,
      ]);
      const client = await ModbusTestClient.open(first + 1);
      expect(bitsOf(await client.request(pdu.read(1, 0, 1)), 1)).toEqual([false]);
      client.close();
    }
    t.stop('SIGINT');
    expect(await running).toBe(0);
  });

  it('names the station whose Modbus port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const taken = (blocker.address() as { port: number }).port;
    try {
      const t = io();
      // Station 2's Modbus port is the taken one.
      expect(
        await runCli(['lab', '--stations', '2', '--port', '0', '--modbus', String(taken - 1)], t.io),
      ).toBe(1);
      const said = t.err.join('\n');
      // Station 1's port (taken - 1) was not probed: another program may hold it too.
      if (!said.startsWith('tagsim: station 1: '))
        expect(said).toBe(
          `tagsim: station 2: Modbus: port ${taken} on 127.0.0.1 is already in use; stop the other program or choose another port with --modbus`,
        );
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it("checks a lab file's stations against the Modbus ports once it is read", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tagsim-lab-modbus-')), 'lab.json');
    writeFileSync(file, JSON.stringify({ stations: [{}, {}, {}] }));
    const t = io();
    expect(await runCli(['lab', '--lab-file', file, '--port', '5019', '--modbus'], t.io)).toBe(1);
    expect(t.err).toEqual([
      "tagsim: the Modbus ports 5020-5022 overlap the stations' ports 5019-5021; choose another --modbus or --port",
    ]);
  });
});
