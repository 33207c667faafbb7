// The driver configuration CSV: reading (RFC 4180, CRLF, BOM, blank lines, errors with line
// numbers), the address mapping, name-based ids, and stable round trips.
import { describe, expect, it } from 'vitest';
import { SYSTEM_TAGS } from '../../shared/core/system-tags.js';
import { BUILTIN_SCENE_NAMES, builtinScene, builtinTagId } from '../../shared/scenes/builtin-scenes.js';
import { layoutScene, sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import {
  driverAddressNumber,
  driverAddressText,
  exportSceneCsv,
  importSceneCsv,
} from '../../shared/scenes/scene-csv.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';

const HEADER = 'Name,Type,Data Type,Address';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
const load = (text: string, sceneName = 'Line 3') =>
  importSceneCsv(text, { sceneName, source: 'driver.csv' });

function problems(text: string): string[] {
  try {
    load(text);
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('the CSV was accepted');
}

describe('importSceneCsv', () => {
  it("reads the issue's example rows and maps Bool/Int/Real to Bit/Int/Float", () => {
    const { scene, notes } = load(
      csv(
        'Auto,Input,Bool,Coil 0',
        'Counter,Output,Int,Input Reg 3',
        'Level,Input,Real,Holding Reg 7',
        'FACTORY I/O (Time Scale),Input,Real,Holding Reg 0',
      ),
    );
    expect(scene.name).toBe('Line 3');
    expect(scene.tags.slice(0, 4)).toEqual([
      {
        id: builtinTagId('Line 3', 'Input', 'Bit', 'Auto'),
        name: 'Auto',
        kind: 'Input',
        type: 'Bit',
        address: 0,
      },
      {
        id: builtinTagId('Line 3', 'Output', 'Int', 'Counter'),
        name: 'Counter',
        kind: 'Output',
        type: 'Int',
        address: 3,
      },
      {
        id: builtinTagId('Line 3', 'Input', 'Float', 'Level'),
        name: 'Level',
        kind: 'Input',
        type: 'Float',
        address: 7,
      },
      // A system tag takes its fixed address whatever the driver says, and the Time Scale starts at 1.
      {
        id: builtinTagId('Line 3', 'Input', 'Float', 'FACTORY I/O (Time Scale)'),
        name: 'FACTORY I/O (Time Scale)',
        kind: 'Input',
        type: 'Float',
        address: 240,
        initial: 1,
      },
    ]);
    // The missing system tags are added at the end, and a note says so.
    expect(scene.tags.slice(4).map((t) => `${t.kind} ${t.name}`)).toEqual(
      SYSTEM_TAGS.filter((s) => s.name !== 'FACTORY I/O (Time Scale)').map((s) => `${s.kind} ${s.name}`),
    );
    expect(notes).toEqual([
      "added the system tags it lacks: 'FACTORY I/O (Run)' (Output), 'FACTORY I/O (Pause)' (Output), 'FACTORY I/O (Reset)' (Output), 'FACTORY I/O (Running)' (Input), 'FACTORY I/O (Paused)' (Input), 'FACTORY I/O (Reset)' (Input)",
    ]);
  });

  it('follows RFC 4180: quoted names with commas, quotes and line breaks; CRLF or LF; BOM; blank lines', () => {
    const text =
      '\uFEFF' +
      [
        HEADER,
        '"Sensor, left",Input,Bool,Coil 1',
        '',
        '"Say ""hi""",Output,Bool,Discrete Input 2',
        '"Two\r\nlines",Output,Int,Input Reg 0',
        '   ',
        'Plain,input,BOOL,coil 3',
        '',
      ].join('\n');
    const { scene } = load(text);
    expect(scene.tags.slice(0, 4).map((t) => [t.name, t.kind, t.type, t.address])).toEqual([
      ['Sensor, left', 'Input', 'Bit', 1],
      ['Say "hi"', 'Output', 'Bit', 2],
      ['Two\r\nlines', 'Output', 'Int', 0],
      ['Plain', 'Input', 'Bit', 3],
    ]);
  });

  it('takes the columns in any order, ignores extra ones, and reads ; separated files', () => {
    const { scene } = load(
      'Address;Data Type;Name;Type;Comment\r\nCoil 4;Bool;Start;Input;the green one\r\n',
    );
    expect(scene.tags[0]).toMatchObject({ name: 'Start', kind: 'Input', type: 'Bit', address: 4 });
  });

  it('maps driver addresses: the trailing number when it is free, else the lowest free address, with a note', () => {
    const { scene, notes } = load(
      csv(
        'A,Input,Bool,Coil 5',
        'B,Input,Bool,Coil 5', // taken by A
        'C,Input,Bool,%I0.3', // byte.bit: 3
        'D,Input,Bool,%I1.2', // 1 * 8 + 2 = 10
        'E,Input,Bool,Coil 600', // beyond the Bit space
        'F,Input,Bool,Coil 500', // reserved for system tags
        'G,Input,Bool,', // none
        'I,Input,Bool,Coil 0', // honoured even though B, E... come first
        'J,Output,Bool,Discrete Input 5', // another space: 5 is free there
      ),
    );
    const address = Object.fromEntries(scene.tags.map((t) => [t.name, t.address]));
    expect(address).toMatchObject({ A: 5, B: 1, C: 3, D: 10, E: 2, F: 4, G: 6, I: 0, J: 5 });
    expect(notes.slice(0, 4)).toEqual([
      "line 3: 'B' has Input Bit address 5, already taken at line 2; it gets Input Bit 1",
      "line 6: 'E' has Bit address 600, outside the user range 0-495; it gets Input Bit 2",
      "line 7: 'F' has Bit address 500, outside the user range 0-495; it gets Input Bit 4",
      "line 8: 'G' has no Address; it gets Input Bit 6",
    ]);
  });

  it('refuses an Address that holds no number, rather than handing out a free one', () => {
    expect(problems(csv('Good,Input,Bool,Coil 1', 'Typo,Input,Bool,abc', 'Auto,Output,Bool,Auto'))).toEqual([
      "line 3: 'Typo' has the Address 'abc', which holds no address number; write one (like Coil 3) or leave it empty to let TagSim pick",
      "line 4: 'Auto' has the Address 'Auto', which holds no address number; write one (like Coil 3) or leave it empty to let TagSim pick",
    ]);
  });

  it('gives the same name-based ids for the same file, and numbered ones for a repeated name', () => {
    const text = csv(
      'Motor,Output,Bool,Discrete Input 0',
      'Motor,Output,Bool,Discrete Input 1',
      'Motor,Input,Bool,Coil 0',
    );
    const first = load(text).scene;
    expect(load(text).scene).toEqual(first);
    const ids = first.tags.slice(0, 3).map((t) => t.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBe(builtinTagId('Line 3', 'Output', 'Bit', 'Motor'));
    expect(ids[1]).toBe(builtinTagId('Line 3', 'Output', 'Bit', 'Motor\n2'));
    // Another scene name, other ids.
    expect(load(text, 'Line 4').scene.tags[0]!.id).not.toBe(ids[0]);
  });

  it('reports every problem with its line, and nothing is half-imported', () => {
    expect(
      problems(
        csv(
          'Good,Input,Bool,Coil 0',
          ',Input,Bool,Coil 1',
          'Valve,Actuator,Bool,Coil 2',
          'Level,Input,Word,Holding Reg 3',
          'FACTORY I/O (Time Scale),Input,Int,Holding Reg 0',
          'FACTORY I/O (Run),Output,Bool,Discrete Input 0',
          'FACTORY I/O (Run),Output,Bool,Discrete Input 1',
        ),
      ),
    ).toEqual([
      'line 3: the Name is empty; every tag needs a name',
      "line 4: unknown Type 'Actuator'; use Input or Output",
      "line 5: unknown Data Type 'Word'; use Bool, Int or Real",
      "line 6: the system tag 'FACTORY I/O (Time Scale)' is Input Float; got Int",
      "line 8: the system tag 'FACTORY I/O (Run)' (Output) is already at line 7; keep one",
    ]);
  });

  it('knows only its own words (constructor is no data type)', () => {
    expect(problems(csv('A,constructor,toString,Coil 0'))).toEqual([
      "line 2: unknown Type 'constructor'; use Input or Output",
      "line 2: unknown Data Type 'toString'; use Bool, Int or Real",
    ]);
  });

  it('explains a bad header, an empty file, a quote never closed and text after a quote', () => {
    expect(problems('Tag,Kind\r\nA,Input\r\n')).toEqual([
      'line 1: the header lacks the columns Name, Type, Data Type, Address; it should read Name,Type,Data Type,Address',
    ]);
    expect(problems('\uFEFF\r\n\r\n')).toEqual([
      '(file): the file has no rows; the first row names the columns: Name,Type,Data Type,Address',
    ]);
    expect(problems(csv('"Open,Input,Bool,Coil 0', 'B,Input,Bool,Coil 1'))).toEqual([
      'line 2: a quoted field is never closed (a missing " ?)',
    ]);
    expect(problems(csv('"A"x,Input,Bool,Coil 0'))).toEqual([
      'line 2: unexpected text after a closing quote; a quote inside a field is written twice ("")',
    ]);
  });

  it('reports a full address space', () => {
    const rows = Array.from({ length: 241 }, (_, i) => `R${i},Input,Real,Holding Reg ${i}`);
    expect(problems(csv(...rows))).toEqual([
      "line 242: no Input Float address is left for 'R240' (0-239 are all taken)",
    ]);
  });

  it('names the file in the error message', () => {
    expect(() => load(csv('A,Sideways,Bool,Coil 0'))).toThrow(
      "driver.csv is not a valid tag list (CSV) (1 problem):\n  line 2: unknown Type 'Sideways'; use Input or Output",
    );
  });
});

describe('exportSceneCsv', () => {
  it('writes the header, RFC 4180 quoting and CRLF, with Modbus client driver addresses', () => {
    const text = exportSceneCsv({
      name: 'S',
      tags: [
        { id: 'a', name: 'Sensor, left', kind: 'Input', type: 'Bit', address: 1 },
        { id: 'b', name: 'Say "hi"', kind: 'Output', type: 'Bit', address: 2 },
        { id: 'c', name: 'Speed', kind: 'Output', type: 'Float', address: 3 },
        { id: 'd', name: 'Count', kind: 'Input', type: 'Int', address: 4 },
      ],
    });
    expect(text).toBe(
      [
        'Name,Type,Data Type,Address',
        '"Sensor, left",Input,Bool,Coil 1',
        '"Say ""hi""",Output,Bool,Discrete Input 2',
        'Speed,Output,Real,Input Reg 3',
        'Count,Input,Int,Holding Reg 4',
        '',
      ].join('\r\n'),
    );
  });

  it('uses address texts that read back as the same address', () => {
    for (const kind of ['Input', 'Output'] as const)
      for (const type of ['Bit', 'Int', 'Float'] as const)
        for (const address of [0, 7, 239])
          expect(driverAddressNumber(driverAddressText(kind, type, address), type)).toBe(address);
  });
});

describe('CSV round trips', () => {
  it.each(BUILTIN_SCENE_NAMES.map((n) => [n]))(
    '%s: scene -> CSV -> scene under its name gives the very same scene (ids included), and CSV -> scene -> CSV is stable',
    (name) => {
      // A CSV holds tags only: the built-in's behaviours and layout do not travel (the scene
      // borrows them back, having the built-in's name and tags: sceneBehaviours, layoutScene).
      const { behaviours, layout: _drawn, ...scene } = builtinScene(name)!;
      const text = exportSceneCsv(scene);
      const { scene: back, notes } = load(text, name);
      expect(notes).toEqual([]);
      expect(back).toEqual(scene);
      expect(exportSceneCsv(back)).toBe(text);
      // And the JSON export of the import is a valid scene file.
      expect(parseSceneFile(serializeScene(back))).toEqual(scene);
      expect(sceneBehaviours(back).behaviours).toEqual(behaviours ?? []);
      expect(layoutScene(back)).toEqual(layoutScene(builtinScene(name)!));
    },
  );

  it('a foreign CSV becomes stable after one import', () => {
    const foreign = csv('B,Input,Bool,%I0.1', 'A,Input,Bool,Coil 1', 'Level,Input,Real,Holding Reg 900');
    const once = exportSceneCsv(load(foreign).scene);
    expect(exportSceneCsv(load(once).scene)).toBe(once);
    expect(load(once).scene).toEqual(load(foreign).scene);
  });
});
