// `tagsim modbus-map` and `tagsim serve --modbus --print-map` (docs/modbus.md, "Printing the
// map"): the table and the CSV come from the layout the server uses, docs/modbus.md shows that
// very table, and what is printed is what a PLC reads at those addresses.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modbusMapTable } from '../../main/cli/modbus-map-print.js';
import { parseCli } from '../../main/cli/parse-cli.js';
import { runCli } from '../../main/cli/run-cli.js';
import { modbusLayout, MODBUS_TABLES } from '../../shared/modbus/modbus-layout.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { bitsOf, exceptionOf, ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';
import { cliIo, cliListeningUrl } from '../support/cli-io.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function cli(...argv: string[]) {
  const t = cliIo();
  const code = await runCli(argv, t.io);
  return { code, out: t.out.join('\n'), err: t.err.join('\n') };
}

/** The Markdown table after `heading` in a document. */
function tableAfter(text: string, heading: string): string {
  const from = text.indexOf('| address |', text.indexOf(heading));
  return text.slice(from, text.indexOf('\n\n', from));
}

/** A CSV without quoted fields, as records of fields. */
const records = (csv: string) =>
  csv
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => l.split(','));

describe('tagsim modbus-map', () => {
  it('prints the table docs/modbus.md shows for the default scene', async () => {
    const docs = readFileSync(`${root}docs/modbus.md`, 'utf8');
    const { code, out } = await cli('modbus-map');
    expect(code).toBe(0);
    expect(out).toBe(tableAfter(docs, '"Sorting by Height (Basic)", the default scene:'));
    expect(out.split('\n')[0]).toBe(
      '| address | discrete input (FC 2) | coil (FC 1, 5, 15)  | input register (FC 4)         | holding register (FC 3, 6, 16, 23) |',
    );
    expect(out).toContain('|  14-999 | empty, 14-255         | empty, 14-255       | empty, 14-63 ');
    expect(out).toContain(
      '|    1000 | - (unnamed)           | Emitter             | FACTORY I/O (Time Scale) ×100 |',
    );
  });

  it('prints a CSV record per tag the layout places, at the layout’s own address', async () => {
    const { code, out } = await cli('modbus-map', '--scene', 'automated warehouse', '--format', 'csv');
    expect(code).toBe(0);
    expect(out.endsWith('\r')).toBe(true);
    const [head, ...rows] = records(`${out}\n`);
    expect(head).toEqual(['Table', 'Address', 'Name', 'Kind', 'Type', 'Scale', 'Id']);
    const scene = builtinScene('Automated Warehouse')!;
    const layout = modbusLayout(scene);
    const tables = ['discrete input', 'coil', 'input register', 'holding register'];
    const placed = MODBUS_TABLES.flatMap((t) => layout.tables[t].slots.filter((s) => s !== undefined));
    expect(rows).toHaveLength(placed.length);
    for (const [table, address, name, kind, type, scale, id] of rows) {
      const slot = layout.tables[MODBUS_TABLES[tables.indexOf(table!)]!].slots[Number(address)];
      const tag = scene.tags.find((t) => t.id === id)!;
      expect(slot?.id, `${table} ${address}`).toBe(id);
      expect([name, kind, type]).toEqual([tag.name, tag.kind, tag.type]);
      expect(scale).toBe(type === 'Float' ? '1' : ''); // the warehouse's ScaleFactor is 1
    }
    expect(rows).toContainEqual([
      'holding register',
      '0',
      'Target Position',
      'Output',
      'Int',
      '',
      expect.any(String),
    ]);
  });

  it('lays the map out as --modbus-map and --modbus-scale say, without --modbus', async () => {
    const { out } = await cli('modbus-map', '--modbus-map', 'address', '--modbus-scale', '10');
    const scene = builtinScene(DEFAULT_SCENE_NAME)!;
    expect(out).toBe(modbusMapTable(scene, modbusLayout(scene, { map: 'address', scaleFactor: 10 })));
    expect(out).toContain(
      '|     496 | FACTORY I/O (Running) | FACTORY I/O (Run)   | FACTORY I/O (Time Scale) ×10 |',
    );
    expect(out.split('\n').at(-1)).toMatch(/^\| 499-511 \| empty, 499-511 +\| empty, 499-511 /);
  });

  it('refuses what it cannot print, in one line', async () => {
    expect(() => parseCli(['modbus-map', '--format', 'xml'])).toThrow(
      "--format must be table or csv; got 'xml'",
    );
    expect(() => parseCli(['modbus-map', '--modbus-map', 'fancy'])).toThrow(
      /--modbus-map must be default or address/,
    );
    expect(() => parseCli(['serve', '--print-map'])).toThrow('--print-map goes with --modbus');
    expect(() => parseCli(['export', '--format', 'csv'])).toThrow(
      "--format is an option of 'tagsim modbus-map'",
    );
    const missing = await cli('modbus-map', '--scene', 'nowhere.tagsim.json');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^tagsim: .*nowhere\.tagsim\.json/);
    expect(missing.out).toBe('');
  });
});

describe('tagsim serve --modbus --print-map', () => {
  it('prints the map of the scene it serves, and a PLC reads what it says', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise((r) => probe.close(r));

    const t = cliIo();
    const done = runCli(
      [
        'serve',
        '--port',
        '0',
        '--paused',
        '--scene',
        'Automated Warehouse',
        '--modbus',
        String(port),
        '--print-map',
      ],
      t.io,
    );
    await expect.poll(() => t.out.join('\n')).toContain('| address |');
    const scene = builtinScene('Automated Warehouse')!;
    const table = modbusMapTable(scene, modbusLayout(scene));
    const modbusLine = t.out.findIndex((l) => l.startsWith('Modbus TCP on'));
    expect(t.out[modbusLine + 1]).toBe(table);

    // The row of coil 0 names Load Conveyor, that of the Emitter its address from 1000.
    const rows = table.split('\n').map((r) => r.split('|').map((c) => c.trim()));
    const at = (name: string, column: number) => Number(rows.find((r) => r[column] === name)![1]);
    const client = await ModbusTestClient.open(port);
    await client.request(pdu.writeCoil(at('Load Conveyor', 3), true));
    const engine = await fetch(`${await cliListeningUrl(t)}/api/tags/by-name/Load%20Conveyor`);
    expect(((await engine.json()) as { value: boolean }[])[0]!.value).toBe(true);
    expect(bitsOf(await client.request(pdu.read(1, at('Emitter', 3), 1)), 1)).toEqual([true]);
    expect(registersOf(await client.request(pdu.read(3, at('Target Position', 5), 1)))).toEqual([0]);
    // Past the last coil the table names: no such address.
    const lastCoil = Math.max(
      ...rows.filter((r) => /^\d+$/.test(r[1]!) && r[3] !== '').map((r) => Number(r[1])),
    );
    expect(bitsOf(await client.request(pdu.read(1, lastCoil, 1)), 1)).toHaveLength(1);
    expect(exceptionOf(await client.request(pdu.read(1, lastCoil + 1, 1)))).toBe(2);
    client.close();
    t.stop('SIGINT');
    expect(await done).toBe(0);
  });
});
