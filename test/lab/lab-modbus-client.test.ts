// Each lab station scans its own controller (docs/lab.md#each-station-scans-its-own-controller):
// the lab file's address for a station, else --modbus-client's at port + k - 1; the dashboard
// shows each station's controller connection.
import { afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../../main/cli/parse-cli.js';
import type { Lab } from '../../main/lab/start-lab.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';
import type { LabOverview } from '../../shared/lab/lab-views.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { untilStatus } from '../support/driver-waits.js';
import { usageOf } from '../support/usage.js';
import { startController, type TestController } from '../support/modbus-controller.js';
import { dashboardRequest, startTestLab } from './support.js';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const labClient = (argv: string[]) => {
  const command = parseCli(['lab', ...argv]);
  return command.command === 'lab' ? command.modbusClient : 'not lab';
};

describe("a lab file names a station's controller", () => {
  it('takes host or host:port, port 502 when left out', () => {
    const lab = parseLabFile(
      JSON.stringify({ stations: [{ modbusClient: '10.0.0.11' }, { modbusClient: 'bench2:5020' }, {}] }),
    );
    expect(lab.stations.map((s) => s.modbusClient)).toEqual([
      { host: '10.0.0.11', port: 502 },
      { host: 'bench2', port: 5020 },
      undefined,
    ]);
  });

  it("names a station's OPC UA server, refused with its place when it is no endpoint", () => {
    const lab = parseLabFile(
      JSON.stringify({ stations: [{ opcuaClient: ' opc.tcp://10.0.0.11:4840 ' }, {}] }),
    );
    expect(lab.stations.map((s) => s.opcuaClient)).toEqual(['opc.tcp://10.0.0.11:4840', undefined]);
    expect(() => parseLabFile(JSON.stringify({ stations: [{ opcuaClient: 'http://plc' }] }))).toThrow(
      "stations[0].opcuaClient: must start with opc.tcp://; got 'http://plc'",
    );
  });

  it('refuses an address it cannot use, with its place', () => {
    let thrown: unknown;
    try {
      parseLabFile(JSON.stringify({ stations: [{}, { modbusClient: 'bench2:0' }] }), 'lab.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).problems).toEqual([
      { path: 'stations[1].modbusClient', message: "has a port that is not from 1 to 65535; got 'bench2:0'" },
    ]);
  });
});

describe('tagsim lab --modbus-client', () => {
  it("gives station 1 the address, and every station the driver's settings", () => {
    expect(labClient(['--stations', '2'])).toBeUndefined();
    expect(
      labClient(['--stations', '2', '--modbus-client', '10.0.0.5:6000', '--modbus-client-scan', '50']),
    ).toEqual({
      first: { host: '10.0.0.5', port: 6000 },
      settings: { slaveId: 1, scanTimeMs: 50, timeoutMs: 1000 },
    });
    // With a lab file, whose stations may name their controllers, the settings stand alone.
    expect(labClient(['--lab-file', 'lab.json', '--modbus-client-slave', '3'])).toEqual({
      settings: { slaveId: 3, scanTimeMs: 10, timeoutMs: 1000 },
    });
  });

  it('refuses settings without an address, and ports past 65535', () => {
    const usage = (argv: string[]) => usageOf(['lab', ...argv]);
    expect(usage(['--stations', '2', '--modbus-client-scan', '50'])).toBe(
      "--modbus-client-scan goes with --modbus-client (or a lab file's modbusClient)",
    );
    expect(usage(['--stations', '3', '--modbus-client', 'plc:65534'])).toMatch(
      /3 stations' controllers from port 65534 would need ports up to 65536/,
    );
  });
});

describe('a lab whose stations scan their controllers', () => {
  it("scans each station's own controller, and the dashboard shows each connection", async () => {
    const [benchA, benchB] = [await startController(), await startController()];
    open.push(benchA, benchB);
    const lab: Lab = await startTestLab({
      stations: [{ modbusClient: { host: '127.0.0.1', port: benchA.port } }, {}],
      modbusClient: {
        first: { host: '127.0.0.1', port: benchB.port - 1 },
        settings: { slaveId: 1, scanTimeMs: 20, timeoutMs: 1000 },
      },
    });
    open.push(lab);
    benchA.memory.discreteInputs[1] = true; // station 1's controller switches Load on
    const scans = (c: TestController) => c.heard.filter((h) => h.fc === 15).length;
    await benchA.until(() => scans(benchA) >= 3);
    await benchB.until(() => scans(benchB) >= 3);
    for (const station of lab.stations)
      await untilStatus(station.tagsim.clients.all[0]!, (s) => s.state === 'connected');
    await expect.poll(() => lab.stations[0]!.tagsim.engine.tagsNamed('Load')[0]!.value).toBe(true);
    expect(lab.stations[1]!.tagsim.engine.tagsNamed('Load')[0]!.value).toBe(false);
    const overview = (await dashboardRequest(lab, 'GET', '/api/stations')).json as LabOverview;
    expect(overview.stations.map((s) => s.activity.controllers?.map((c) => [c.state, c.target]))).toEqual([
      [['connected', `127.0.0.1:${benchA.port}`]],
      [['connected', `127.0.0.1:${benchB.port}`]],
    ]);
  });
});
