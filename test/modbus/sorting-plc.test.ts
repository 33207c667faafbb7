// The end-to-end check over Modbus TCP: the real `tagsim serve --modbus` (a child process of the
// built CLI) runs "Sorting by Height (Basic)" at 4x, and a PLC-style program that talks Modbus
// only, at the addresses of the simulator's own driver map (docs/modbus.md), sorts boxes by
// height until its Counter reaches 10. Each scan reads the 14 discrete inputs in one FC 2,
// writes the 7 actuators in one FC 15 and the Counter with FC 6, as a PLC's I/O image would.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bitsOf, exceptionOf, ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';
import { sortTenBoxes, type Value } from '../support/sorting-controller.js';

const bin = fileURLToPath(new URL('../../dist/main/cli/main.js', import.meta.url));
const SCAN_MS = 20;
const TIME_LIMIT_MS = 28_000;

/** The driver map's discrete inputs 0-13 and coils 0-6 of the scene. */
const DISCRETE_INPUTS = [
  'High sensor',
  'Low sensor',
  'Pallet sensor',
  'Loaded',
  'At left entry',
  'At left exit',
  'At right entry',
  'At right exit',
  'Start',
  'Reset',
  'Stop',
  'Emergency stop',
  'Auto',
  'FACTORY I/O (Running)',
];
const COILS = [
  'Conveyor entry',
  'Load',
  'Unload',
  'Transf. left',
  'Transf. right',
  'Conveyor left',
  'Conveyor right',
];
const COUNTER_REGISTER = 0;

const server = {
  out: '',
  err: '',
  child: undefined as ReturnType<typeof spawn> | undefined,
  exited: Promise.resolve<number | null>(null),
};
let plc: ModbusTestClient;

beforeAll(async () => {
  const child = spawn(
    process.execPath,
    [
      bin,
      'serve',
      '--scene',
      'Sorting by Height (Basic)',
      '--port',
      '0',
      '--modbus',
      '0',
      '--time-scale',
      '4',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.child = child;
  server.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  child.stdout.on('data', (d: Buffer) => (server.out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (server.err += d.toString()));
  await vi.waitFor(() => expect(server.out).toMatch(/Modbus TCP on 127\.0\.0\.1:\d+/), { timeout: 10_000 });
  plc = await ModbusTestClient.open(Number(/Modbus TCP on 127\.0\.0\.1:(\d+)/.exec(server.out)![1]));
});

afterAll(async () => {
  plc?.close();
  server.child?.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(server.err).toBe('');
});

async function ok(request: number[]) {
  const response = await plc.request(request);
  expect(exceptionOf(response), `exception to FC ${request[0]}`).toBeUndefined();
  return response;
}

/** The input image: every discrete input of the map, by tag name. */
async function readInputs(): Promise<Record<string, Value>> {
  const bits = bitsOf(await ok(pdu.read(2, 0, DISCRETE_INPUTS.length)), DISCRETE_INPUTS.length);
  return Object.fromEntries(DISCRETE_INPUTS.map((name, i) => [name, bits[i]!]));
}

async function writeOutputs(outputs: Record<string, Value>): Promise<void> {
  await ok(
    pdu.writeCoils(
      0,
      COILS.map((name) => outputs[name] === true),
    ),
  );
  await ok(pdu.writeRegister(COUNTER_REGISTER, Number(outputs['Counter'])));
}

describe('tagsim serve --modbus with the Sorting by Height (Basic) plant, over Modbus TCP only', () => {
  it('a PLC scanning every 20 ms sorts 10 boxes by height', { timeout: 45_000 }, async () => {
    expect(server.out).toContain('the driver map of "Sorting by Height (Basic)"');
    await sortTenBoxes(async (scan) => writeOutputs(scan(await readInputs())), {
      scanMs: SCAN_MS,
      timeLimitMs: TIME_LIMIT_MS,
    });
    expect(registersOf(await ok(pdu.read(3, COUNTER_REGISTER, 1)))).toEqual([10]);
    // FACTORY I/O (Running) at DI 13, and the time scale 4 × 100 in input register 1000.
    expect((await readInputs())['FACTORY I/O (Running)']).toBe(true);
    expect(registersOf(await ok(pdu.read(4, 1000, 1)))).toEqual([400]);
  });
});
