// A saved scene of the simulator (.factoryio), written here in the format of the public files:
// served over real HTTP with exactly its tags (Key as id, name, address, kind, type, forces and
// failures as saved, the system tags under the keys <Drivers> gives them, first), and its
// drivers kept in the scene.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { readSceneFile } from '../../main/storage/scene-files.js';
import { SYSTEM_TAGS } from '../../shared/core/system-tags.js';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { SYSTEM_OUTPUT_IDS } from '../../shared/scenes/builtin-scenes.js';
import {
  fioTag,
  keyOf,
  writeFactoryIo,
  type FioSceneSpec,
  type FioTagSpec,
} from '../support/factoryio-writer.mjs';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-factoryio-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const running: TagSim[] = [];
afterAll(async () => {
  for (const t of running) await t.close();
});

const SYSTEM_KEYS = {
  RunInputKey: keyOf('run in'),
  PauseInputKey: keyOf('pause in'),
  ResetInputKey: keyOf('reset in'),
  TimeScaleInputKey: keyOf('time scale'),
  RunOutputKey: keyOf('run out'),
  PauseOutputKey: keyOf('pause out'),
  ResetOutputKey: keyOf('reset out'),
};
/** A tag whose key tells its element, name and address apart (two tags may share a name). */
const tag = (
  element: FioTagSpec['element'],
  name: string,
  address: number,
  more: Partial<FioTagSpec> = {},
) => ({
  ...fioTag(element, name, address, more),
  key: keyOf(`${element} ${name} ${address}`),
});

/** A custom scene with a tag of every element, forces, failures and the names users give. */
const TAGS: FioTagSpec[][] = [
  [tag('BinaryOutput', 'Belt 1 & 2', 3)],
  [tag('BinaryInput', 'Lichtschranke Ä', 0), tag('BinaryInput', '-', 1)],
  [tag('BinaryOutput', 'Emitter 1 (Emit)', 0, { forced: true, forcedValue: true })],
  [tag('BinaryOutput', 'Remover 1 (Remove)', 1, { forcedValue: true })],
  [tag('IntOutput', 'Counter', 2, { forced: true, forcedValue: 42 })],
  [tag('IntInput', 'Vision', 0, { shortCircuit: true })],
  [tag('AnalogueInput', 'Level meter', 0, { forcedValue: 4.84375 })],
  [tag('AnalogueOutput', 'Fill valve', 1, { openCircuit: true, forcedValue: 5.34376 })],
  [tag('BinaryInput', 'Start', 7, { shortCircuit: true })],
];
const PREFABS = [
  'BeltConveyor4M',
  'DiffusePhotoelectricSensor',
  'Emitter',
  'Remover',
  'DigitalDisplay',
  'VisionSensor',
  'Tank',
  'Tank',
  'StartPushButton',
];
const CUSTOM: FioSceneSpec = {
  description: 'My line',
  parts: TAGS.map((tags, i) => ({
    prefab: PREFABS[i]!,
    position: [200 + 10 * i, 2, 100],
    groups: [{ tags }],
  })),
  systemKeys: SYSTEM_KEYS,
};

const SYSTEM_KEY_OF: Record<string, string> = {
  'Output FACTORY I/O (Run)': SYSTEM_KEYS.RunOutputKey,
  'Output FACTORY I/O (Pause)': SYSTEM_KEYS.PauseOutputKey,
  'Output FACTORY I/O (Reset)': SYSTEM_KEYS.ResetOutputKey,
  'Input FACTORY I/O (Running)': SYSTEM_KEYS.RunInputKey,
  'Input FACTORY I/O (Paused)': SYSTEM_KEYS.PauseInputKey,
  'Input FACTORY I/O (Reset)': SYSTEM_KEYS.ResetInputKey,
  'Input FACTORY I/O (Time Scale)': SYSTEM_KEYS.TimeScaleInputKey,
};

/** What the simulator serves for the file: every field of GET /api/tags, worked out from the file. */
function expectedTags(): Omit<ApiTag, 'value'>[] {
  const system = SYSTEM_TAGS.map((s) => ({
    name: s.name,
    id: SYSTEM_KEY_OF[`${s.kind} ${s.name}`]!,
    address: s.address,
    type: s.type,
    kind: s.kind,
    openCircuit: false,
    shortCircuit: false,
    isForced: false,
    forcedValue: s.type === 'Bit' ? false : 0,
  }));
  const own = TAGS.flat().map((t) => {
    const type = /^Binary/.test(t.element) ? 'Bit' : /^Int/.test(t.element) ? 'Int' : 'Float';
    return {
      name: t.name,
      id: t.key,
      address: t.address!,
      type,
      kind: /Input$/.test(t.element) ? 'Input' : 'Output',
      openCircuit: t.openCircuit === true,
      shortCircuit: t.shortCircuit === true,
      isForced: t.forced === true,
      forcedValue: t.forcedValue ?? (type === 'Bit' ? false : 0),
    } as Omit<ApiTag, 'value'>;
  });
  return [...system, ...own];
}

async function serve(path: string): Promise<TagSim> {
  const tagsim = await startTagSim({
    scene: { file: path },
    server: { host: '127.0.0.1', port: 0 },
    simulation: { startRunning: false, every: () => () => undefined },
  });
  running.push(tagsim);
  return tagsim;
}

function problemsOf(text: string, name = 'x.factoryio'): Promise<string[]> {
  return readSceneFile(write(name, text)).then(
    () => [],
    (error: unknown) => {
      if (error instanceof ValidationError) return error.problems.map(formatProblem);
      throw error;
    },
  );
}

describe('a saved scene, served', () => {
  it("answers GET /api/tags with exactly the file's tags, system tags first, forces and failures as saved", async () => {
    const tagsim = await serve(write('My line.factoryio', writeFactoryIo(CUSTOM)));
    const answer = (await (await fetch(`${tagsim.url}/api/tags`)).json()) as ApiTag[];
    expect(answer.map(({ value: _v, ...rest }) => rest)).toEqual(expectedTags());
    const value = (name: string) => answer.find((t) => t.name === name)!.value;
    expect(value('Emitter 1 (Emit)')).toBe(true); // forced
    expect(value('Remover 1 (Remove)')).toBe(false); // a forced value kept, not forced
    expect(value('Counter')).toBe(42);
    expect(value('Vision')).toBe(2147483647); // Always On saturates an Int
    expect(value('Level meter')).toBe(0);
    expect(value('Fill valve')).toBe(0); // Always Off
    expect(value('Start')).toBe(true);
    expect(tagsim.scenes.document.scene).toMatchObject({ name: 'My line', description: 'My line' });
  });

  it('keeps the id every other file gives the system Outputs when an old file saves no Output keys', async () => {
    const old = writeFactoryIo({
      ...CUSTOM,
      version: '2.2.2',
      systemKeys: { RunInputKey: SYSTEM_KEYS.RunInputKey, TimeScaleInputKey: SYSTEM_KEYS.TimeScaleInputKey },
      // 2.2 writes ForcedValue before Key.
      attributeOrder: [
        'Name',
        'Address',
        'ForcedValue',
        'Key',
        'OpenCircuit',
        'ShortCircuit',
        'UseForcedValue',
      ],
    });
    const { scene, notes } = await readSceneFile(write('old.factoryio', old));
    const id = (name: string, kind: string) => scene.tags.find((t) => t.name === name && t.kind === kind)!.id;
    expect(id('FACTORY I/O (Run)', 'Output')).toBe(SYSTEM_OUTPUT_IDS['FACTORY I/O (Run)']);
    expect(id('FACTORY I/O (Running)', 'Input')).toBe(SYSTEM_KEYS.RunInputKey);
    expect(scene.tags.find((t) => t.name === 'Counter')).toMatchObject({ forced: true, forcedValue: 42 });
    expect(notes).toEqual([
      "added the system tags it lacks: 'FACTORY I/O (Paused)' (Input), 'FACTORY I/O (Reset)' (Input)",
    ]);
  });

  it('moves a tag whose address TagSim reserves to a free one, and says so with its line', async () => {
    const text = writeFactoryIo({
      parts: [
        {
          prefab: 'DiffusePhotoelectricSensor',
          position: [0, 5, 0],
          groups: [{ tags: [tag('BinaryInput', 'Far', 600)] }],
        },
        {
          prefab: 'DiffusePhotoelectricSensor',
          position: [8, 5, 0],
          groups: [{ tags: [tag('BinaryInput', 'Near', 0)] }],
        },
      ],
      systemKeys: SYSTEM_KEYS,
    });
    const { scene, notes } = await readSceneFile(write('far.factoryio', text));
    expect(scene.tags.find((t) => t.name === 'Far')!.address).toBe(1);
    expect(notes).toEqual([
      expect.stringMatching(
        /^line \d+: 'Far' has Bit address 600, outside the user range 0-495; it gets Input Bit 1$/,
      ),
    ]);
  });

  it("keeps the drivers: the Modbus server's and client's maps and properties, the OPC items", async () => {
    const sensor = TAGS[1]![0]!.key;
    const belt = TAGS[0]![0]!.key;
    const text = writeFactoryIo({
      ...CUSTOM,
      drivers: {
        current: 16384,
        modbusServer: {
          slots: { BitInput: [sensor, null, sensor], BitOutput: [belt] },
          counts: { NumericOutput: 1 },
        },
        serverProperties: { ScaleFactor: 1000, WriteCoils: true },
        modbusClient: { slots: { BitOutput: [null, belt] } },
        opc: {
          url: 'opc.tcp://localhost:4840/',
          name: 'PLC',
          items: [{ input: sensor, name: 'ns=1;i=2014', display: 'IO:Sensor' }],
        },
      },
    });
    const { drivers } = (await readSceneFile(write('drivers.factoryio', text))).scene;
    expect(drivers?.CurrentDriver).toBe(16384);
    expect(drivers?.ModbusTCPServer).toMatchObject({
      PointIOCount: { BitInputCount: 3, BitOutputCount: 1, NumericOutputCount: 1 },
      PointIOKeys: { BitInput: [sensor, null, sensor], BitOutput: [belt] },
      Properties: { ScaleFactor: 1000, WriteCoils: true, ReadInputDiscretes: false },
    });
    expect(drivers?.ModbusTCPClient?.PointIOKeys?.BitOutput).toEqual([null, belt]);
    expect(drivers?.OPCClientDA).toEqual({
      Server: {
        Url: 'opc.tcp://localhost:4840/',
        Name: 'PLC',
        MaxItemCount: 32,
        StartsWithFilter: '',
        ContainsFilter: '',
      },
      Items: [
        {
          InputPointIOKey: sensor,
          OutputPointIOKey: null,
          ItemName: 'ns=1;i=2014',
          ItemDisplayName: 'IO:Sensor',
        },
      ],
    });
  });
});

describe('a saved scene with problems', () => {
  const broken = (replace: (text: string) => string) => replace(writeFactoryIo(CUSTOM));
  it.each([
    [
      'a tag without a Key',
      (t: string) => t.replace(/ Key="[^"]*" OpenCircuit/, ' OpenCircuit'),
      /^line \d+: <BinaryOutput Name="Belt 1 & 2"> has no Key \(its id\)$/,
    ],
    [
      'an Address that is no number',
      (t: string) => t.replace('Address="3"', 'Address="three"'),
      /^line \d+: <BinaryOutput> Address="three" is not a whole number$/,
    ],
    [
      'a ForcedValue of the wrong type',
      (t: string) => t.replace('ForcedValue="42"', 'ForcedValue="4.5"'),
      /^line \d+: <IntOutput> ForcedValue="4.5" is not a whole number$/,
    ],
    [
      'both failures at once',
      (t: string) =>
        t.replace(/(Name="Start" Address="7" Key="[^"]*") OpenCircuit="False"/, '$1 OpenCircuit="True"'),
      /is both OpenCircuit and ShortCircuit$/,
    ],
    [
      'two tags with one Key',
      (t: string) => t.replace(TAGS[1]![1]!.key, TAGS[1]![0]!.key),
      /^tags\[\d+\]\.id: '.*' is already the id of tags\[\d+\]; ids must be unique$/,
    ],
    [
      'an XML file of something else',
      () => '<Project><Object/></Project>',
      /^line 1: the root element is <Project>; a saved scene's is <FactoryIO>$/,
    ],
  ])('%s is refused with its place, reading nothing', async (_name, make, message) => {
    const problems = await problemsOf(broken(make as (t: string) => string));
    expect(problems).toEqual([expect.stringMatching(message)]);
  });
});
