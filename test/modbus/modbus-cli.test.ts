// `tagsim serve --modbus [port]` and its options (docs/modbus.md): parsing, help, start-up
// lines and the words of a port that cannot be had.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { describeListenError, MODBUS_PORT_HINT } from '../../main/net/listen-errors.js';
import { bitsOf, ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';

function io(stop: Promise<string> = new Promise(() => undefined)) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
      stopRequested: stop,
      version: '9.9.9',
      rendererDir: '/nonexistent/',
    },
  };
}

const modbusOf = (argv: string[]) => {
  const command = parseCli(argv);
  return command.command === 'serve' ? command.modbus : 'not serve';
};

describe('tagsim serve --modbus', () => {
  it('takes an optional port: 502 when left out, also before another option', () => {
    expect(modbusOf(['serve'])).toBeUndefined();
    expect(modbusOf(['serve', '--modbus'])).toEqual({
      port: 502,
      unitId: undefined,
      map: 'default',
      scaleFactor: undefined,
    });
    expect(modbusOf(['serve', '--modbus', '--port', '0'])).toMatchObject({ port: 502 });
    expect(modbusOf(['serve', '--modbus', '5020'])).toMatchObject({ port: 5020 });
    expect(modbusOf(['serve', '--modbus=0'])).toMatchObject({ port: 0 });
    expect(
      modbusOf([
        'serve',
        '--modbus',
        '--modbus-unit',
        '1',
        '--modbus-map',
        'address',
        '--modbus-scale',
        '1000',
      ]),
    ).toEqual({ port: 502, unitId: 1, map: 'address', scaleFactor: 1000 });
  });

  it('refuses values it cannot use, in one line that names the option', () => {
    const cases: [string[], RegExp][] = [
      [['serve', '--modbus', '70000'], /--modbus must be a port from 0 to 65535/],
      [['serve', '--modbus', 'x'], /unexpected argument 'x'/],
      [['serve', '--modbus-unit', '1'], /--modbus-unit goes with --modbus/],
      [['serve', '--modbus', '--modbus-unit', '256'], /--modbus-unit must be from 0 to 255/],
      [['serve', '--modbus', '--modbus-map', 'fancy'], /--modbus-map must be default or address/],
      [['serve', '--modbus', '--modbus-scale', '0'], /--modbus-scale must be from 1 to 10000/],
      [['run', 'x.json', '--modbus'], /--modbus is an option of 'tagsim serve'/],
    ];
    for (const [argv, message] of cases) expect(() => parseCli(argv), argv.join(' ')).toThrow(message);
  });

  it('is in the help of serve', async () => {
    const t = io();
    expect(await runCli(['serve', '--help'], t.io)).toBe(0);
    const help = t.out.join('\n');
    for (const option of [
      '--modbus [<port>]',
      '--modbus-unit <id>',
      '--modbus-map <default|address>',
      '--modbus-scale <n>',
    ])
      expect(help).toContain(option);
  });

  it('says where Modbus listens and answers on it', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));

    let stop!: (signal: string) => void;
    const t = io(new Promise((resolve) => (stop = resolve)));
    const exit = runCli(['serve', '--port', '0', '--paused', '--modbus', String(port)], t.io);
    await expect.poll(() => t.out.join('\n')).toContain('Modbus TCP on');
    expect(t.out).toContain(
      `Modbus TCP on 127.0.0.1:${port} (every unit id; the driver map of "Sorting by Height (Basic)"; Floats × 100; tags the map leaves out from address 1000)`,
    );
    const client = await ModbusTestClient.open(port);
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([0]);
    // FACTORY I/O (Run), which the driver's map leaves out, where the line says: coil 1003.
    expect(bitsOf(await client.request(pdu.read(1, 1003, 1)), 1)).toEqual([false]);
    client.close();
    stop('SIGINT');
    expect(await exit).toBe(0);
  });

  it('exits 1 with the reason when the Modbus port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as { port: number }).port;
    try {
      const t = io();
      expect(await runCli(['serve', '--port', '0', '--modbus', String(port)], t.io)).toBe(1);
      expect(t.err).toEqual([
        `tagsim: Modbus: port ${port} on 127.0.0.1 is already in use; stop the other program or choose another port with --modbus`,
      ]);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
  });

  it('suggests --modbus 5020 when the system refuses port 502', () => {
    const refused = Object.assign(new Error('listen EACCES'), { code: 'EACCES' });
    expect(describeListenError(refused, '127.0.0.1', 502, MODBUS_PORT_HINT)).toBe(
      'not allowed to listen on 127.0.0.1:502: ports below 1024 need administrator rights; try --modbus 5020',
    );
  });
});
