// Each lab station binds its tags to its own controller's OPC UA server
// (docs/lab.md#each-station-scans-its-own-controller): the lab file's endpoint for a station, else
// --opcua-client's at port + k - 1, with the lab's --opcua-client-* settings for every station.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationEndpoint } from '../../main/cli/lab-command.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import type { TagState } from '../../shared/core/tag-types.js';
import { endpointPlus } from '../../shared/drivers/opcua-client-settings.js';
import { cliIo } from '../support/cli-io.js';
import { startOpcuaServer, type TestOpcuaServer } from '../support/opcua-server.js';
import { usageOf } from '../support/usage.js';

const labOpcua = (argv: string[]) => {
  const command = parseCli(['lab', ...argv]);
  return command.command === 'lab' ? command.opcuaClient : 'not lab';
};

describe('tagsim lab --opcua-client', () => {
  it("gives station 1 the endpoint, and every station the driver's settings", () => {
    expect(labOpcua(['--stations', '2'])).toBeUndefined();
    expect(
      labOpcua([
        '--stations',
        '2',
        '--opcua-client',
        'opc.tcp://10.0.0.5:4840',
        '--opcua-client-publish',
        '100',
        '--opcua-client-pki',
        'pki',
        '--opcua-client-map',
        'plc.csv',
      ]),
    ).toEqual({
      first: 'opc.tcp://10.0.0.5:4840',
      settings: { security: 'None', publishingIntervalMs: 100, pkiDir: 'pki', bindingsFile: 'plc.csv' },
    });
    // With a lab file, whose stations may name their servers, the settings stand alone.
    expect(labOpcua(['--lab-file', 'lab.json', '--opcua-client-security', 'SignAndEncrypt'])).toEqual({
      settings: expect.objectContaining({ security: 'SignAndEncrypt', publishingIntervalMs: 50 }),
    });
  });

  it('refuses settings without an endpoint, a bad endpoint, and ports past 65535', () => {
    const usage = (argv: string[]) => usageOf(['lab', ...argv]);
    expect(usage(['--stations', '2', '--opcua-client-publish', '100'])).toBe(
      "--opcua-client-publish goes with --opcua-client (or a lab file's opcuaClient)",
    );
    expect(usage(['--stations', '2', '--opcua-client', 'plc:4840'])).toBe(
      "--opcua-client must start with opc.tcp://; got 'plc:4840'",
    );
    expect(usage(['--stations', '3', '--opcua-client', 'opc.tcp://plc:65534'])).toMatch(
      /3 stations' controllers from port 65534 would need ports up to 65536/,
    );
    expect(usage(['--stations', '3', '--opcua-client', 'opc.tcp://plc', '--opcua-client-publish', '5'])).toBe(
      "--opcua-client-publish must be from 10 to 10000; got '5'",
    );
  });

  it("gives station k the first endpoint's port + k - 1, its path kept, unless it has its own", () => {
    expect(endpointPlus('opc.tcp://plc:4840/UA/Line', 2)).toBe('opc.tcp://plc:4842/UA/Line');
    expect(endpointPlus('opc.tcp://plc', 1)).toBe('opc.tcp://plc:4841');
    expect(endpointPlus('opc.tcp://[::1]:5000', 0)).toBe('opc.tcp://[::1]:5000');
    const client = {
      first: 'opc.tcp://plc:4840',
      settings: { security: 'None', publishingIntervalMs: 50, pkiDir: 'pki' },
    } as const;
    expect(stationEndpoint(client, undefined, 1)).toBe('opc.tcp://plc:4841');
    expect(stationEndpoint(client, 'opc.tcp://bench3:4840', 2)).toBe('opc.tcp://bench3:4840');
    expect(stationEndpoint({ settings: client.settings }, undefined, 1)).toBeUndefined();
  });
});

describe('a lab whose stations bind to their OPC UA servers', () => {
  let server: TestOpcuaServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tagsim-lab-opcua-'));
    server = await startOpcuaServer([{ name: 'Loader', id: 'GVL.Q1', type: 'Boolean' }], dir);
  }, 120_000);
  afterAll(() => server?.shutdown());

  it("binds each station, a lab file's endpoint winning over --opcua-client's, with the lab's CSV", async () => {
    const port = Number(new URL(server.endpointUrl.replace('opc.tcp:', 'http:')).port);
    // Station 1 names the server itself; station 2 reaches it as --opcua-client's port + 1.
    const labFile = join(dir, 'lab.json');
    await writeFile(labFile, JSON.stringify({ stations: [{ opcuaClient: server.endpointUrl }, {}] }));
    const csv = join(dir, 'plc.csv');
    await writeFile(csv, `tag,nodeId\nLoad,${server.nodeId('GVL.Q1')}\n`);
    const t = cliIo();
    const running = runCli(
      [
        'lab',
        '--lab-file',
        labFile,
        '--port',
        '0',
        '--paused',
        '--opcua-client',
        `opc.tcp://127.0.0.1:${port - 1}`,
        '--opcua-client-map',
        csv,
        '--opcua-client-pki',
        join(dir, 'tagsim'),
      ],
      t.io,
    );
    try {
      await expect.poll(() => t.out.some((l) => l.startsWith('Dashboard:')), { timeout: 30_000 }).toBe(true);
      expect(t.out.filter((l) => l.includes('OPC UA client:'))).toEqual([
        `    OPC UA client: ${server.endpointUrl}`,
        `    OPC UA client: opc.tcp://127.0.0.1:${port}`,
      ]);
      const urls = t.out.flatMap((l) => /^ {2}station \d+: (\S+)/.exec(l)?.[1] ?? []);
      expect(urls).toHaveLength(2);
      server.write('GVL.Q1', true);
      const load = async (url: string) =>
        ((await (await fetch(`${url}/api/tags`)).json()) as TagState[]).find((tag) => tag.name === 'Load')!
          .value;
      for (const url of urls) await expect.poll(() => load(url), { timeout: 30_000 }).toBe(true);
    } finally {
      server.write('GVL.Q1', false);
      t.stop('SIGINT');
      expect(await running).toBe(0);
    }
  }, 90_000);
});
