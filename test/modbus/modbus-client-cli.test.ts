// `tagsim serve --modbus-client <host>[:<port>]` and its options (docs/modbus.md#the-modbus-tcpip-client):
// parsing with the driver's defaults, refusals in one line, help, and serve's lines as the
// controller comes and goes.
import { describe, expect, it } from 'vitest';
import { commandHelp } from '../../main/cli/cli-help.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { usageOf } from '../support/usage.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';
import { startController } from '../support/modbus-controller.js';

const clientOf = (argv: string[]) => {
  const command = parseCli(argv);
  return command.command === 'serve' ? command.modbusClient : 'not serve';
};

describe('tagsim serve --modbus-client', () => {
  it("takes the controller's address, with the driver's defaults for every setting left out", () => {
    expect(clientOf(['serve'])).toBeUndefined();
    expect(clientOf(['serve', '--modbus-client', '192.168.0.10'])).toEqual({
      host: '192.168.0.10',
      port: 502,
      slaveId: 1,
      scanTimeMs: 10,
      timeoutMs: 1000,
    });
    expect(clientOf(['serve', '--modbus-client', '[::1]:5020'])).toMatchObject({ host: '::1', port: 5020 });
    expect(clientOf(['serve', '--modbus-client', 'fe80::1'])).toMatchObject({ host: 'fe80::1', port: 502 });
    expect(
      clientOf([
        'serve',
        '--modbus-client',
        'plc:5020',
        '--modbus-client-slave',
        '0',
        '--modbus-client-scan',
        '50',
        '--modbus-client-timeout',
        '200',
        '--modbus-client-bit-inputs',
        '16@100',
        '--modbus-client-bit-outputs',
        '8',
        '--modbus-client-numeric-inputs',
        '0',
        '--modbus-client-numeric-outputs',
        '2@10',
        '--modbus-client-read-coils',
        '--modbus-client-read-holding-registers',
        '--modbus-client-scale',
        '1000',
      ]),
    ).toEqual({
      host: 'plc',
      port: 5020,
      slaveId: 0,
      scanTimeMs: 50,
      timeoutMs: 200,
      bitInputCount: 16,
      bitInputOffset: 100,
      bitOutputCount: 8,
      bitOutputOffset: 0,
      numericInputCount: 0,
      numericInputOffset: 0,
      numericOutputCount: 2,
      numericOutputOffset: 10,
      readCoils: true,
      readHoldingRegisters: true,
      scaleFactor: 1000,
    });
  });

  it('refuses values it cannot use, in one line that names the option', () => {
    const cases: [string[], RegExp][] = [
      [['--modbus-client', 'plc:0'], /--modbus-client has a port that is not from 1 to 65535/],
      [['--modbus-client', 'plc:70000'], /--modbus-client has a port that is not from 1 to 65535/],
      [['--modbus-client', ' '], /--modbus-client needs a host name or address/],
      [['--modbus-client', 'a b'], /--modbus-client needs a host name or address/],
      [
        ['--modbus-client', 'plc', '--modbus-client-slave', '256'],
        /--modbus-client-slave must be from 0 to 255/,
      ],
      [
        ['--modbus-client', 'plc', '--modbus-client-scan', '0'],
        /--modbus-client-scan must be from 1 to 60000/,
      ],
      [['--modbus-client', 'plc', '--modbus-client-timeout', '5'], /--modbus-client-timeout must be from 10/],
      [['--modbus-client', 'plc', '--modbus-client-bit-inputs', '257'], /must count 0 to 256 points/],
      [['--modbus-client', 'plc', '--modbus-client-numeric-outputs', '65'], /must count 0 to 64 points/],
      [['--modbus-client', 'plc', '--modbus-client-bit-outputs', '10@65530'], /runs past address 65535/],
      [['--modbus-client', 'plc', '--modbus-client-bit-outputs', 'ten'], /must be a count, or count@offset/],
      [
        ['--modbus-client', 'plc', '--modbus-client-scale', '0'],
        /--modbus-client-scale must be from 1 to 10000/,
      ],
      [['--modbus-client-scan', '50'], /--modbus-client-scan goes with --modbus-client/],
      [['--modbus-client-read-coils'], /--modbus-client-read-coils goes with --modbus-client/],
    ];
    for (const [args, message] of cases) expect(usageOf(['serve', ...args]), args.join(' ')).toMatch(message);
  });

  it('is in the help of serve and lab, with its defaults', () => {
    const serve = commandHelp('serve');
    expect(serve).toContain('--modbus-client <host>[:<port>]');
    expect(serve).toContain('--modbus-client-bit-inputs <count>[@<offset>]');
    expect(serve).toContain('(default 10)');
    expect(commandHelp('lab')).toContain('--modbus-client-read-coils');
  });

  it('prints where it connects, then each time the controller goes and comes back', async () => {
    const plc = await startController();
    const t = cliIo();
    const done = runCli(
      ['serve', '--port', '0', '--paused', '--modbus-client', `127.0.0.1:${plc.port}`],
      t.io,
    );
    await cliListeningUrl(t);
    const target = `127.0.0.1:${plc.port}`;
    await expect.poll(() => t.out).toContain(`Modbus client: connected to ${target} (unit 1, every 10 ms)`);
    expect(t.out).toContain(`Modbus client: connecting to ${target}…`);
    await plc.close();
    await expect
      .poll(() => t.out.some((l) => l.startsWith(`Modbus client: disconnected from ${target} (`)))
      .toBe(true);
    const back = await startController({ port: plc.port });
    await expect
      .poll(() => t.out.filter((l) => l.startsWith('Modbus client: connected')).length, { timeout: 15_000 })
      .toBe(2);
    t.stop('SIGINT');
    expect(await done).toBe(0);
    await back.close();
    expect(t.err).toEqual([]);
  });
});
