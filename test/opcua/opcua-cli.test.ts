// `tagsim serve --opcua-client <url>` and its options (docs/opcua.md): parsing with the
// defaults, refusals in one line, the bindings CSV and its problems.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { parseBindingsCsv } from '../../shared/opcua/client-settings.js';
import { usageOf } from '../support/usage.js';
import { cliIo } from '../support/cli-io.js';

const clientOf = (argv: string[]) => {
  const command = parseCli(argv);
  return command.command === 'serve' ? command.opcuaClient : 'not serve';
};

describe('tagsim serve --opcua-client', () => {
  it("takes the server's endpoint, with its certificate in the user's settings folder", () => {
    expect(clientOf(['serve'])).toBeUndefined();
    const home = process.env['XDG_CONFIG_HOME'];
    process.env['XDG_CONFIG_HOME'] = '/home/student/.config';
    try {
      expect(clientOf(['serve', '--opcua-client', 'opc.tcp://plc:4840'])).toEqual({
        endpointUrl: 'opc.tcp://plc:4840',
        security: 'None',
        publishingIntervalMs: 50,
        pkiDir: '/home/student/.config/tagsim/opcua-pki',
      });
    } finally {
      if (home === undefined) delete process.env['XDG_CONFIG_HOME'];
      else process.env['XDG_CONFIG_HOME'] = home;
    }
    expect(
      clientOf([
        'serve',
        '--opcua-client',
        'opc.tcp://10.0.0.2:4840/PLC',
        '--opcua-client-security',
        'SignAndEncrypt',
        '--opcua-client-publish',
        '100',
        '--opcua-client-map',
        'plc.csv',
        '--opcua-client-pki',
        '/srv/pki',
      ]),
    ).toEqual({
      endpointUrl: 'opc.tcp://10.0.0.2:4840/PLC',
      security: 'SignAndEncrypt',
      publishingIntervalMs: 100,
      pkiDir: '/srv/pki',
      bindingsFile: 'plc.csv',
    });
  });

  it('refuses values it cannot use, in one line that names the option', () => {
    const cases: [string[], RegExp][] = [
      [['--opcua-client', 'http://plc:4840'], /--opcua-client must start with opc.tcp:\/\//],
      [['--opcua-client', 'plc:4840'], /--opcua-client must start with opc.tcp:\/\//],
      [
        ['--opcua-client', 'opc.tcp://plc', '--opcua-client-security', 'Sign'],
        /must be None or SignAndEncrypt/,
      ],
      [['--opcua-client', 'opc.tcp://plc', '--opcua-client-publish', '5'], /must be from 10 to 10000/],
      [['--opcua-client-map', 'a.csv'], /--opcua-client-map goes with --opcua-client/],
    ];
    for (const [args, message] of cases) expect(usageOf(['serve', ...args]), args.join(' ')).toMatch(message);
  });

  it('reads a bindings CSV: a header, comments, node ids with commas and quotes', () => {
    expect(
      parseBindingsCsv(
        'tag,nodeId\n# the conveyor\nConveyor entry,ns=3;s="GVL"."xConveyor"\nCounter, ns=4;i=1003\n',
      ),
    ).toEqual({
      bindings: [
        { tag: 'Conveyor entry', nodeId: 'ns=3;s="GVL"."xConveyor"' },
        { tag: 'Counter', nodeId: 'ns=4;i=1003' },
      ],
    });
    expect(parseBindingsCsv('Start\n,ns=1;i=2\nStop,GVL.Stop')).toEqual({
      problems: [
        'line 1: must be <tag name>,<node id> like Start,ns=3;s="GVL".Start; got \'Start\'',
        'line 2: must be <tag name>,<node id> like Start,ns=3;s="GVL".Start; got \',ns=1;i=2\'',
        'line 3: must be <tag name>,<node id> like Start,ns=3;s="GVL".Start; got \'Stop,GVL.Stop\'',
      ],
    });
  });

  it('stops before serving when the bindings file has problems, and says which', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tagsim-opcua-cli-'));
    const file = join(dir, 'plc.csv');
    await writeFile(file, 'Start\n');
    const t = cliIo();
    expect(
      await runCli(
        ['serve', '--port', '0', '--opcua-client', 'opc.tcp://127.0.0.1:9', '--opcua-client-map', file],
        t.io,
      ),
    ).toBe(1);
    expect(t.err).toEqual([
      `tagsim: ${file}: line 1: must be <tag name>,<node id> like Start,ns=3;s="GVL".Start; got 'Start'`,
    ]);
    expect(t.out).toEqual([]);
  });
});
