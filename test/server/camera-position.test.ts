// `FACTORY I/O (Camera Position)`, the simulator's camera-select Int Output (docs/fidelity.md,
// "The camera tag"): in every built-in scene with the simulator's id and address, listed after the
// other system Outputs, written and read like any Int Output over HTTP, kept by a simulation
// reset (a controller's command, like Run), and reachable over Modbus where the driver's map
// leaves it out: holding register 1000.
import { afterEach, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/app/start-tagsim.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { ModbusTestClient, pdu, registersOf } from '../support/raw-modbus.js';

const CAMERA = 'FACTORY I/O (Camera Position)';
/** The scene files' `CameraIndexOutputKey`, the same in every built-in scene of the simulator. */
const CAMERA_ID = 'f0855715-c7e4-48b3-8174-0fc06299798c';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function start(scene: string): Promise<TagSim> {
  const tagsim = await startTagSim({
    scene: { builtin: scene },
    server: { port: 0 },
    modbus: { port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
  });
  open.push(tagsim);
  return tagsim;
}

describe('FACTORY I/O (Camera Position)', () => {
  it.each(BUILTIN_SCENE_NAMES)('is an Int Output at 240 after the system Outputs of %s', (name) => {
    const tags = builtinScene(name)!.tags;
    const at = tags.findIndex((t) => t.name === CAMERA);
    expect(tags[at]).toEqual({ id: CAMERA_ID, name: CAMERA, kind: 'Output', type: 'Int', address: 240 });
    expect(tags.slice(0, at + 1).map((t) => `${t.kind} ${t.name}`)).toEqual([
      'Output FACTORY I/O (Run)',
      'Output FACTORY I/O (Pause)',
      'Output FACTORY I/O (Reset)',
      `Output ${CAMERA}`,
    ]);
  });

  it('is listed, written and read over HTTP like an Int Output, and a reset keeps it', async () => {
    const tagsim = await start('Automated Warehouse');
    const listed = (await (await fetch(`${tagsim.url}/api/tags?name=*camera*`)).json()) as unknown[];
    expect(listed).toEqual([
      {
        name: CAMERA,
        id: CAMERA_ID,
        address: 240,
        type: 'Int',
        kind: 'Output',
        value: 0,
        openCircuit: false,
        shortCircuit: false,
        isForced: false,
        forcedValue: 0,
      },
    ]);
    const put = await fetch(`${tagsim.url}/api/tag/values/by-name`, {
      method: 'PUT',
      body: JSON.stringify([{ name: CAMERA, value: 3 }]),
    });
    expect([put.status, await put.json()]).toEqual([200, []]);
    tagsim.simulation.reset();
    const after = (await (await fetch(`${tagsim.url}/api/tags/${CAMERA_ID}`)).json()) as { value: number };
    expect(after.value).toBe(3);
  });

  it('sits at holding register 1000 over Modbus, where the driver map leaves it out', async () => {
    const tagsim = await start('Sorting by Height (Basic)');
    const client = await ModbusTestClient.open(tagsim.modbus!.status.port);
    open.push(client);
    await client.request(pdu.writeRegister(1000, 2));
    expect(tagsim.engine.getTag(CAMERA_ID)!.value).toBe(2);
    expect(registersOf(await client.request(pdu.read(3, 1000, 1)))).toEqual([2]);
    // Holding register 0 is still the scene's Counter, as the saved driver map has it.
    expect(registersOf(await client.request(pdu.read(3, 0, 1)))).toEqual([0]);
  });
});
