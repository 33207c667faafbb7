// A lab's stations over Modbus TCP, with raw frames on 127.0.0.1: each station's own Modbus
// server (a coil written on one is not the other's), its port and clients on the dashboard, and a
// student's PLC writes in the fault report under the fault of its own station only.
import { afterEach, describe, expect, it } from 'vitest';
import type { Lab } from '../../main/lab/start-lab.js';
import type { LabOverview } from '../../shared/lab/lab-views.js';
import { bitsOf, exceptionOf, ModbusTestClient, pdu } from '../support/raw-modbus.js';
import { act, dashboardRequest, startTestLab } from './support.js';

const open: Lab[] = [];
const clients: ModbusTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(open.splice(0).map((lab) => lab.close()));
});

async function modbusLab(): Promise<Lab> {
  const lab = await startTestLab({ stations: [{}, {}], modbus: { port: 0 } });
  open.push(lab);
  return lab;
}

async function plc(lab: Lab, station: number): Promise<ModbusTestClient> {
  const client = await ModbusTestClient.open(lab.stations[station - 1]!.tagsim.modbus!.status.port);
  clients.push(client);
  return client;
}

const CONVEYOR_ENTRY = 0; // coil 0 of "Sorting by Height (Basic)"'s driver map

describe("a lab's stations over Modbus TCP", () => {
  it('gives each station its own Modbus server on its own free port', async () => {
    const lab = await modbusLab();
    const [one, two] = lab.stations.map((s) => s.tagsim.modbus!.status);
    expect(one!.state).toBe('listening');
    expect(two!.state).toBe('listening');
    expect(one!.port).not.toBe(two!.port);
    expect(one!.port).toBeGreaterThan(0);

    const first = await plc(lab, 1);
    const second = await plc(lab, 2);
    await second.request(pdu.writeCoil(CONVEYOR_ENTRY, true));
    expect(bitsOf(await second.request(pdu.read(1, CONVEYOR_ENTRY, 1)), 1)).toEqual([true]);
    expect(bitsOf(await first.request(pdu.read(1, CONVEYOR_ENTRY, 1)), 1)).toEqual([false]);
    expect(lab.stations.map((s) => s.tagsim.engine.readValues('name', ['Conveyor entry']))).toEqual([
      [{ name: 'Conveyor entry', value: false }],
      [{ name: 'Conveyor entry', value: true }],
    ]);
  });

  it("shows each station's Modbus port and connected Modbus clients on the dashboard", async () => {
    const lab = await modbusLab();
    await plc(lab, 2);
    await plc(lab, 2);
    await expect
      .poll(async () => {
        const overview = (await dashboardRequest(lab, 'GET', '/api/stations')).json as LabOverview;
        return overview.stations.map((s) => s.activity.modbus);
      })
      .toEqual([
        { state: 'listening', port: lab.stations[0]!.tagsim.modbus!.status.port, clients: 0 },
        { state: 'listening', port: lab.stations[1]!.tagsim.modbus!.status.port, clients: 2 },
      ]);
  });

  it("counts a PLC that talks only Modbus as its station's client: last request, traffic, refused writes", async () => {
    const lab = await modbusLab();
    const second = await plc(lab, 2);
    await second.request(pdu.read(1, 0, 8));
    // Exception 03: a coil value other than 0000 or FF00, a write refused whole.
    expect(exceptionOf(await second.request([5, 0, 1, 0x12, 0x34]))).toBe(3);
    const overview = (await dashboardRequest(lab, 'GET', '/api/stations')).json as LabOverview;
    const [one, two] = overview.stations.map((s) => s.activity);
    expect(one).toMatchObject({ clients: 0, refusedWrites: 0 });
    expect(one!.lastRequestAt).toBeUndefined();
    expect(two).toMatchObject({
      clients: 1,
      refusedWrites: 1,
      lastRefusal: 'Modbus exception 03 on FC 5',
    });
    expect(two!.requestsPerSecond).toBeGreaterThan(0);
    expect(two!.lastRequestAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("lists a student's PLC writes under its own station's fault in the report", async () => {
    const lab = await modbusLab();
    await act(lab, {
      action: 'applyFault',
      stations: 'all',
      fault: { tag: 'High sensor', kind: 'alwaysOff', hidden: true },
    });
    const second = await plc(lab, 2);
    // Reads are not writes: they are not in the report.
    await second.request(pdu.read(1, 0, 8));
    await second.request(pdu.writeCoil(CONVEYOR_ENTRY, true));
    await second.request(pdu.writeCoils(1, [true, false]));
    await act(lab, { action: 'clearFault', stations: 'all', tag: 'High sensor', kind: 'all' });

    const csv = (await dashboardRequest(lab, 'GET', '/api/faults/report.csv')).text.split('\r\n');
    const writes = csv.filter((line) => line.includes(',client write,'));
    expect(writes.map((line) => line.split(',').slice(1, 2).concat(line.split(',').slice(10, 12)))).toEqual([
      ['2', 'FC5', `modbus://unit/1/coils/${CONVEYOR_ENTRY}+1`],
      ['2', 'FC15', 'modbus://unit/1/coils/1+2'],
    ]);
    expect(writes[0]).toContain('Conveyor entry');
    expect(csv.filter((line) => /^\S+Z,1,client write,/.test(line))).toEqual([]);
    // The HTML report lists them too, under station 2's fault.
    const html = (await dashboardRequest(lab, 'GET', '/api/faults/report.html')).text;
    expect(html).toContain('<td>FC5</td>');
  });
});
