// The corpus of broken scene files: one per validation rule, each generated from the default
// scene with one mistake, with the exact problems TagSim must report and whether the JSON Schema
// (which cannot compare tags with each other or fields with each other) rejects it too.
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { testScene } from '../sim/plc.js';

export type JsonObject = Record<string, unknown>;
export type TagJson = Record<string, unknown>;

export interface BrokenFile {
  /** The rule it breaks. */
  rule: string;
  /** The file's text. */
  text: string;
  /** Every problem, formatted `place: message`, in the order TagSim reports them. */
  problems: string[];
  /** Whether the JSON Schema rejects it too; `null` for text that is not JSON at all. */
  schema: boolean | null;
}

/**
 * The corpus's base: the default scene with its plant's behaviours, its tags laid out as the vendor's samples
 * list them: 13 scene tags, the 7 system tags (indices 13-19), then the other tags its plant uses.
 * It is fixed here, so that what the built-in scene learns from the evidence (docs/fidelity.md)
 * does not move the corpus's indices.
 */
const sdkLayout = testScene(
  [
    ['Conveyor entry', 'Bit', 'Output'],
    ['Load', 'Bit', 'Output'],
    ['Transf. right', 'Bit', 'Output'],
    ['Transf. left', 'Bit', 'Output'],
    ['Conveyor right', 'Bit', 'Output'],
    ['Conveyor left', 'Bit', 'Output'],
    ['Counter', 'Int', 'Output'],
    ['Pallet sensor', 'Bit', 'Input'],
    ['Low sensor', 'Bit', 'Input'],
    ['High sensor', 'Bit', 'Input'],
    ['Loaded', 'Bit', 'Input'],
    ['At right entry', 'Bit', 'Input'],
    ['At left entry', 'Bit', 'Input'],
  ],
  'Sorting by Height (Basic)',
);
// Without the built-in's layout: the corpus is about tags and behaviours (a layout's own
// problems are in scene-layout.test.ts), and its text ends with the behaviours.
const { layout: _drawn, ...builtin } = builtinScene(DEFAULT_SCENE_NAME)!;
const laidOut = [...sdkLayout.tags.slice(7), ...sdkLayout.tags.slice(0, 7)];
/** The default scene's 13 sample tags, then the 7 system tags, without a plant. */
export const SDK_LAYOUT_SCENE: SceneDefinition = { name: DEFAULT_SCENE_NAME, tags: laidOut };
export const BASE_SCENE: SceneDefinition = {
  ...builtin,
  tags: [
    ...laidOut,
    ...builtin.tags
      .filter((t) => !laidOut.some((l) => l.name === t.name && l.kind === t.kind))
      .filter((t) => JSON.stringify(builtin.behaviours).includes(JSON.stringify(t.name))),
  ],
};
export const BASE_TEXT = serializeScene(BASE_SCENE);
export const base = (): JsonObject & { tags: TagJson[] } =>
  JSON.parse(BASE_TEXT) as JsonObject & { tags: TagJson[] };

/** Indices of the default scene's tags used below. */
export const AT = {
  conveyorEntry: 0, // Output Bit 0
  load: 1, // Output Bit 1
  transfRight: 2,
  transfLeft: 3,
  counter: 6, // Output Int 0
  palletSensor: 7, // Input Bit 0
  run: 13, // FACTORY I/O (Run), Output Bit 496
  timeScale: 19, // FACTORY I/O (Time Scale), Input Float 240, initial 1
} as const;

const KNOWN_ROOT = 'known fields: format, version, name, description, tags, behaviours, layout, drivers';
const LAYOUT_NOWHERE =
  "layout.conveyors[\"nowhere\"]: no conveyor of this scene's plant is named 'nowhere' (conveyors: 'entry', 'transfer', 'to left', 'to right', 'left', 'right')";
const KNOWN_TAG =
  'known fields: id, name, kind, type, address, initial, min, max, description, forced, forcedValue, failure';

/** The default scene with these behaviours in place of its own plant. */
function plant(...behaviours: unknown[]): string {
  return edited((f) => (f['behaviours'] = behaviours));
}

function edited(change: (file: JsonObject & { tags: TagJson[] }) => void): string {
  const file = base();
  change(file);
  return `${JSON.stringify(file, null, 2)}\n`;
}

function tag(index: number, fields: TagJson): (file: { tags: TagJson[] }) => void {
  return (file) => {
    const t = file.tags[index]!;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) delete t[key];
      else t[key] = value;
    }
  };
}

/** Line and column (1-based) of the first occurrence of `needle` in `text`, plus `offset` characters. */
export function placeOf(text: string, needle: string, offset = 0): string {
  const at = text.indexOf(needle) + offset;
  const before = text.slice(0, at);
  return `line ${before.split('\n').length}, column ${at - before.lastIndexOf('\n')}`;
}

const trailingComma = BASE_TEXT.replace(/\]\n\}\n$/, '],\n}\n');
const comment = `// Line 3, copied from the lab\n${BASE_TEXT}`;
const singleQuotes = BASE_TEXT.replace('"format": "tagsim-scene"', "'format': 'tagsim-scene'");
const missingComma = BASE_TEXT.replace('"version": 1,', '"version": 1');

const ids = base().tags.map((t) => t['id'] as string);

export const BROKEN_FILES: BrokenFile[] = [
  // The text itself
  {
    rule: 'not JSON: a trailing comma',
    text: trailingComma,
    problems: [
      `(file): not valid JSON at ${placeOf(trailingComma, '],\n}', 3)}: Expected double-quoted property name (remove the comma before it)`,
    ],
    schema: null,
  },
  {
    rule: 'not JSON: a missing comma',
    text: missingComma,
    problems: [
      `(file): not valid JSON at ${placeOf(missingComma, '"name"')}: Expected ',' or '}' after property value`,
    ],
    schema: null,
  },
  {
    rule: 'not JSON: single quotes',
    text: singleQuotes,
    problems: [
      `(file): not valid JSON at line 2, column 3: Expected property name or '}' (JSON strings take double quotes)`,
    ],
    schema: null,
  },
  {
    rule: 'not JSON: a comment',
    text: comment,
    problems: [
      `(file): not valid JSON at line 1, column 1: Unexpected token '/' (JSON has no comments; put notes in a "description")`,
    ],
    schema: null,
  },
  {
    rule: 'not JSON: cut short',
    text: BASE_TEXT.slice(0, 200),
    problems: [
      `(file): not valid JSON at ${placeOf(BASE_TEXT.slice(0, 200), '', 200)}: the file ends too early (a missing } or ]?)`,
    ],
    schema: null,
  },
  { rule: 'an empty file', text: '  \n', problems: ['(file): the file is empty'], schema: null },
  {
    rule: 'not an object',
    text: '[]\n',
    problems: ['(file): a scene file is a JSON object; got an array'],
    schema: true,
  },

  // The root
  {
    rule: 'unknown root field',
    text: edited((f) => (f['author'] = 'me')),
    problems: [`author: unknown field; remove it (${KNOWN_ROOT})`],
    schema: true,
  },
  {
    rule: 'misspelt root field',
    text: edited((f) => {
      f['descripton'] = 'Line 3';
    }),
    problems: [`descripton: unknown field; did you mean 'description'? (${KNOWN_ROOT})`],
    schema: true,
  },
  {
    rule: 'root field cut short',
    text: edited((f) => {
      f['desc'] = 'Line 3';
    }),
    problems: [`desc: unknown field; did you mean 'description'? (${KNOWN_ROOT})`],
    schema: true,
  },
  {
    rule: 'wrong format',
    text: edited((f) => (f['format'] = 'factoryio-scene')),
    problems: ['format: must be "tagsim-scene"; got "factoryio-scene" (is this a TagSim scene file?)'],
    schema: true,
  },
  {
    rule: 'no format',
    text: edited((f) => delete f['format']),
    problems: ['format: must be "tagsim-scene"; got nothing (is this a TagSim scene file?)'],
    schema: true,
  },
  {
    rule: 'newer version',
    text: edited((f) => (f['version'] = 2)),
    problems: ['version: 2 is newer than this TagSim reads (1); update TagSim'],
    schema: true,
  },
  {
    rule: 'wrong version',
    text: edited((f) => (f['version'] = '1')),
    problems: ['version: must be 1; got "1"'],
    schema: true,
  },
  {
    rule: 'no version',
    text: edited((f) => delete f['version']),
    problems: ['version: must be 1; got nothing'],
    schema: true,
  },
  {
    rule: 'blank scene name',
    text: edited((f) => (f['name'] = '  ')),
    problems: ["name: must be a non-empty string, the scene's name"],
    schema: true,
  },
  {
    rule: 'description not a string',
    text: edited((f) => (f['description'] = 3)),
    problems: ['description: must be a string'],
    schema: true,
  },
  {
    rule: 'layout with a bad value',
    text: edited((f) => (f['layout'] = { conveyors: { entry: { x: 'left', y: 0 } } })),
    problems: ['layout.conveyors["entry"].x: must be a number of metres from -10000 to 10000; got "left"'],
    schema: true,
  },
  {
    rule: 'layout placing a conveyor the plant does not have',
    text: edited((f) => (f['layout'] = { conveyors: { nowhere: { x: 0, y: 0 } } })),
    problems: [LAYOUT_NOWHERE],
    schema: false,
  },
  {
    rule: 'no tags',
    text: edited((f) => delete (f as JsonObject)['tags']),
    problems: ['tags: must be an array of tags; got nothing'],
    schema: true,
  },
  {
    rule: 'tags not an array',
    text: edited((f) => ((f as JsonObject)['tags'] = {})),
    problems: ['tags: must be an array of tags; got an object'],
    schema: true,
  },
  {
    rule: 'too many tags',
    text: edited((f) => {
      f.tags = Array.from({ length: 4097 }, (_, i) => ({ ...f.tags[0], id: `t${i}` }));
    }),
    problems: ['tags: has 4097 tags; a scene holds at most 4096'],
    schema: true,
  },

  // One tag
  {
    rule: 'tag not an object',
    text: edited((f) => ((f.tags as unknown[])[AT.transfLeft] = 'Transf. left')),
    problems: ['tags[3]: must be an object; got string "Transf. left"'],
    schema: true,
  },
  {
    rule: 'unknown tag field',
    text: edited(tag(AT.load, { colour: 'red' })),
    problems: [`tags[1].colour: unknown field; remove it (${KNOWN_TAG})`],
    schema: true,
  },
  {
    rule: 'misspelt tag field',
    text: edited(tag(AT.load, { adress: 1, address: undefined })),
    problems: [
      `tags[1].adress: unknown field; did you mean 'address'? (${KNOWN_TAG})`,
      'tags[1].address: must be a whole number; got nothing',
    ],
    schema: true,
  },
  {
    rule: 'blank id',
    text: edited(tag(AT.transfRight, { id: ' ' })),
    problems: ['tags[2].id: must be a non-empty string (a GUID is usual); got " "'],
    schema: true,
  },
  {
    rule: 'no id',
    text: edited(tag(AT.transfRight, { id: undefined })),
    problems: ['tags[2].id: must be a non-empty string (a GUID is usual); got nothing'],
    schema: true,
  },
  {
    rule: 'blank tag name',
    text: edited(tag(AT.transfRight, { name: ' ' })),
    problems: [`tags[2].name: must be a non-empty string, the tag's name; got " "`],
    schema: true,
  },
  {
    rule: 'bad kind (letter case)',
    text: edited(tag(AT.palletSensor, { kind: 'input' })),
    problems: ['tags[7].kind: must be Input or Output; got "input" (write "Input": letter case matters)'],
    schema: true,
  },
  {
    rule: 'bad kind',
    text: edited(tag(AT.palletSensor, { kind: 'Sensor' })),
    problems: ['tags[7].kind: must be Input or Output; got "Sensor"'],
    schema: true,
  },
  {
    rule: 'bad type (a driver name)',
    text: edited(tag(AT.conveyorEntry, { type: 'Bool' })),
    problems: ['tags[0].type: must be Bit, Int or Float; got "Bool" (write "Bit")'],
    schema: true,
  },
  {
    rule: 'bad type',
    text: edited(tag(AT.conveyorEntry, { type: 'Word' })),
    problems: ['tags[0].type: must be Bit, Int or Float; got "Word"'],
    schema: true,
  },
  {
    rule: 'bad type (a word every object has)',
    text: edited(tag(AT.conveyorEntry, { type: 'constructor' })),
    problems: ['tags[0].type: must be Bit, Int or Float; got "constructor"'],
    schema: true,
  },
  {
    rule: 'address not a whole number',
    text: edited(tag(AT.conveyorEntry, { address: 1.5 })),
    problems: ['tags[0].address: must be a whole number; got 1.5'],
    schema: true,
  },
  {
    rule: 'Bit address out of range',
    text: edited(tag(AT.transfLeft, { address: 600 })),
    problems: ['tags[3].address: 600 is outside the Bit range 0-511'],
    schema: true,
  },
  {
    rule: 'negative address',
    text: edited(tag(AT.transfLeft, { address: -1 })),
    problems: ['tags[3].address: -1 is outside the Bit range 0-511'],
    schema: true,
  },
  {
    rule: 'Int address out of range',
    text: edited(tag(AT.counter, { address: 256 })),
    problems: ['tags[6].address: 256 is outside the Int range 0-255'],
    schema: true,
  },
  {
    rule: 'reserved address',
    text: edited(tag(AT.conveyorEntry, { address: 499 })),
    problems: [
      'tags[0].address: Bit 499 is reserved for the system tags (Bit 496-511); pick an address below 496',
    ],
    schema: true,
  },
  {
    rule: 'reserved address of a system tag (the system tag is not blamed)',
    text: edited(tag(AT.conveyorEntry, { address: 496 })),
    problems: [
      'tags[0].address: Bit 496 is reserved for the system tags (Bit 496-511); pick an address below 496',
    ],
    schema: true,
  },
  {
    rule: 'description of a tag not a string',
    text: edited(tag(AT.load, { description: ['a'] })),
    problems: ['tags[1].description: must be a string; got an array'],
    schema: true,
  },

  // Initial values and ranges
  {
    rule: 'Bit initial not true or false',
    text: edited(tag(AT.conveyorEntry, { initial: 1 })),
    problems: ['tags[0].initial: must be true or false for a Bit tag; got 1'],
    schema: true,
  },
  {
    rule: 'Int initial not a whole number',
    text: edited(tag(AT.counter, { initial: 1.5 })),
    problems: [
      'tags[6].initial: must be a whole number from -2147483648 to 2147483647 for an Int tag; got 1.5',
    ],
    schema: true,
  },
  {
    rule: 'Float initial not a number',
    text: edited(tag(AT.timeScale, { initial: '1' })),
    problems: ['tags[19].initial: must be a number for a Float tag; got "1"'],
    schema: true,
  },
  {
    rule: 'Float initial beyond a 32-bit float',
    text: edited(tag(AT.timeScale, { initial: 1e39 })),
    problems: ['tags[19].initial: 1e+39 does not fit a 32-bit float'],
    schema: true,
  },
  {
    rule: 'min or max on a Bit',
    text: edited(tag(AT.conveyorEntry, { min: 0, max: 1 })),
    problems: [
      'tags[0].min: applies to Int and Float tags only; remove it',
      'tags[0].max: applies to Int and Float tags only; remove it',
    ],
    schema: true,
  },
  {
    rule: 'max not a number',
    text: edited(tag(AT.counter, { max: '100' })),
    problems: ['tags[6].max: must be a number; got "100"'],
    schema: true,
  },
  {
    rule: 'Int max not a 32-bit integer',
    text: edited(tag(AT.counter, { max: 1.5 })),
    problems: ['tags[6].max: 1.5 is not a 32-bit integer'],
    schema: true,
  },
  {
    rule: 'Float max beyond a 32-bit float',
    text: edited(tag(AT.timeScale, { max: 1e39 })),
    problems: ['tags[19].max: 1e+39 does not fit a 32-bit float'],
    schema: true,
  },
  {
    rule: 'min above max',
    text: edited(tag(AT.counter, { min: 10, max: 0 })),
    problems: ['tags[6].min: 10 is above max 0; swap them'],
    schema: false,
  },
  {
    rule: 'initial outside the range',
    text: edited(tag(AT.counter, { min: 0, max: 10, initial: 11 })),
    problems: ["tags[6].initial: 11 is outside the tag's range 0 to 10"],
    schema: false,
  },
  {
    rule: 'initial below a lone min',
    text: edited(tag(AT.counter, { min: 5, initial: 1 })),
    problems: ["tags[6].initial: 1 is outside the tag's range 5 to …"],
    schema: false,
  },

  // Across tags
  {
    rule: 'duplicate ids',
    text: edited(tag(AT.load, { id: ids[AT.conveyorEntry] })),
    problems: [`tags[1].id: '${ids[AT.conveyorEntry]}' is already the id of tags[0]; ids must be unique`],
    schema: false,
  },
  {
    rule: 'duplicate address within a (kind, type) space',
    text: edited(tag(AT.load, { address: 0 })),
    problems: [
      "tags[1].address: Output Bit 0 is already used by tags[0] ('Conveyor entry'); each address is unique within its kind and type",
    ],
    schema: false,
  },
  {
    rule: 'system tag missing',
    text: edited((f) => f.tags.splice(AT.run, 1)),
    problems: [
      "tags: the system tag 'FACTORY I/O (Run)' (Output Bit 496) is missing; every scene has it, add it back",
    ],
    schema: true,
  },
  {
    rule: 'system tag moved',
    text: edited(tag(AT.run, { address: 10 })),
    problems: ["tags[13]: the system tag 'FACTORY I/O (Run)' must be Output Bit 496; got Output Bit 10"],
    schema: true,
  },
  {
    rule: 'system tag of another type',
    text: edited(tag(AT.timeScale, { type: 'Int' })),
    problems: [
      "tags[19]: the system tag 'FACTORY I/O (Time Scale)' must be Input Float 240; got Input Int 240",
    ],
    schema: true,
  },
  {
    rule: 'system tag of another kind',
    text: edited(tag(AT.run, { kind: 'Input', address: 499 })),
    problems: [
      'tags[13].address: Bit 499 is reserved for the system tags (Bit 496-511); pick an address below 496',
      "tags: the system tag 'FACTORY I/O (Run)' (Output Bit 496) is missing; every scene has it, add it back",
    ],
    schema: true,
  },
  {
    rule: 'system tag twice',
    text: edited((f) => f.tags.splice(20, 0, { ...f.tags[AT.run], id: 'another-run' })),
    problems: [
      "tags[20]: the system tag 'FACTORY I/O (Run)' (Output) appears twice, here and at tags[13]; keep one",
    ],
    schema: false,
  },
  // Behaviours (checked once the tags have no problem; each file replaces the scene's plant)
  {
    rule: 'behaviours not an array',
    text: edited((f) => (f['behaviours'] = {})),
    problems: ['behaviours: must be an array of behaviours; got an object'],
    schema: true,
  },
  {
    rule: 'too many behaviours',
    text: plant(
      ...Array.from({ length: 1001 }, () => ({ when: { always: true }, then: [{ toggle: 'Loaded' }] })),
    ),
    problems: ['behaviours: has 1001 behaviours; a scene holds at most 1000'],
    schema: true,
  },
  {
    rule: 'neither a rule, a generator nor a conveyor',
    text: plant({ kind: 'conveyor' }),
    problems: [
      'behaviours[0]: is neither a rule ("when" and "then"), a generator ("generate" and "signal"), a conveyor ("conveyor") nor a stacker crane ("stackerCrane")',
    ],
    schema: true,
  },
  {
    rule: 'unknown field of a behaviour',
    text: plant({ when: { always: true }, then: [{ toggle: 'Loaded' }], priority: 1 }),
    problems: [
      'behaviours[0].priority: unknown field; remove it (known fields here: name, when, then, delayMs)',
    ],
    schema: true,
  },
  {
    rule: 'behaviour names an unknown tag',
    text: plant({ when: { tag: 'pallet sensor', equals: true }, then: [{ toggle: 'Loaded' }] }),
    problems: [
      "behaviours[0].when.tag: no tag is named 'pallet sensor' in this scene; did you mean 'Pallet sensor'?",
    ],
    schema: false,
  },
  {
    rule: 'behaviour names a tag both kinds have',
    text: plant({ when: { rising: 'FACTORY I/O (Reset)' }, then: [{ toggle: 'Loaded' }] }),
    problems: [
      `behaviours[0].when.rising: 'FACTORY I/O (Reset)' names an Input and an Output; say which, e.g. {"name": "FACTORY I/O (Reset)", "kind": "Output"}`,
    ],
    schema: false,
  },
  {
    rule: 'a rule that writes an Output',
    text: plant({
      when: { always: true },
      then: [
        { set: 'Low sensor', value: true },
        { set: 'Load', value: true },
      ],
    }),
    problems: ["behaviours[0].then[1].set: 'Load' is an Output; a behaviour may only write Input tags"],
    schema: false,
  },
  {
    rule: 'a rule that writes a system tag',
    text: plant({
      when: { always: true },
      then: [{ set: { name: 'FACTORY I/O (Running)', kind: 'Input' }, value: true }],
    }),
    problems: [
      "behaviours[0].then[0].set: 'FACTORY I/O (Running)' is a system tag: the simulation's lifecycle sets it, a behaviour may not",
    ],
    schema: false,
  },
  {
    rule: 'an action of the wrong type',
    text: plant({ when: { rising: 'Loaded' }, then: [{ increment: 'Low sensor' }] }),
    problems: [
      "behaviours[0].then[0].increment: increment applies to Int and Float tags; 'Low sensor' is a Bit: use toggle or set",
    ],
    schema: false,
  },
  {
    rule: 'a comparison of the wrong type',
    text: plant({ when: { tag: 'Load', gt: 1 }, then: [{ toggle: 'Low sensor' }] }),
    problems: ["behaviours[0].when.gt: gt compares numbers; 'Load' is a Bit: use equals true or false"],
    schema: false,
  },
  {
    rule: 'a value that does not convert to the tag type',
    text: plant({ when: { always: true }, then: [{ set: 'Low sensor', value: 'maybe' }] }),
    problems: [`behaviours[0].then[0].value: "maybe" is not a valid Bit value for 'Low sensor'`],
    schema: false,
  },
  {
    rule: 'a generator on a Bit',
    text: plant({ generate: 'Low sensor', signal: 'constant', value: 1 }),
    problems: [
      "behaviours[0].generate: a generator drives an Int or Float Input; 'Low sensor' is a Bit: use a rule or a conveyor sensor",
    ],
    schema: false,
  },
  {
    rule: 'an edge that lasts',
    text: plant({ when: { rising: 'Loaded', forMs: 100 }, then: [{ toggle: 'Low sensor' }] }),
    problems: ['behaviours[0].when.forMs: an edge lasts one moment, so forMs does not apply; remove it'],
    schema: true,
  },
  {
    rule: 'a tag driven by a conveyor sensor and a rule',
    text: plant(
      { conveyor: 'belt', length: 2, speed: 0.5, sensors: [{ tag: 'Loaded', from: 1, to: 2 }] },
      { when: { always: true }, then: [{ set: 'Loaded', value: true }] },
    ),
    problems: [
      "behaviours[1].then[0].set: 'Loaded' is already driven by a conveyor sensor (behaviours[0]), which sets it every step; remove one of the two",
    ],
    schema: false,
  },
  {
    rule: 'two conveyors of one name',
    text: plant({ conveyor: 'belt', length: 2, speed: 0.5 }, { conveyor: 'belt', length: 1, speed: 0.5 }),
    problems: [
      "behaviours[1].conveyor: behaviours[0] is already a conveyor named 'belt'; names must be unique",
    ],
    schema: false,
  },
  {
    rule: 'an exit to an unknown conveyor',
    text: plant({ conveyor: 'belt', length: 2, speed: 0.5, exits: [{ to: 'nowhere' }] }),
    problems: ["behaviours[0].exits[0].to: no conveyor is named 'nowhere' (conveyors: 'belt')"],
    schema: false,
  },
];
