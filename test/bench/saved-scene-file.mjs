// A saved scene (.factoryio) of the size and shape of the largest public one found
// (`lollo1111/Masterarbeit-LP: factoryio/Verpacken.factoryio` @31830a9: 593,603 bytes, 664
// objects, 512 tags of which 206 Int, 8,616 elements; docs/fidelity.md), written with the tests'
// writer so that the benchmark needs no third-party file: lines of roller conveyors with an
// emitter at each start, sensors along them and a remover at each end, RFID readers (six Int
// and Bit tags each), lights and stops, and the floors, corners and brackets around them.
import { keyOf, writeFactoryIo } from '../support/factoryio-writer.mjs';

/** The public file's size, which the generated one matches to within 1%. */
export const TARGET_BYTES = 593_603;
const LINES = 10;
const BELTS_PER_LINE = 5;
const SENSORS = 95;
const READERS = 50;
const LIGHTS = 73;
const STOPS = 13;

/** The text of the scene, and what it holds. */
export function savedSceneLikeLargest() {
  let scenery = 400;
  let text = build(scenery);
  // One correction: scenery objects are all alike, so the size is linear in their number.
  const perScenery = (build(scenery + 100).length - text.length) / 100;
  scenery = Math.max(0, Math.round(scenery + (TARGET_BYTES - text.length) / perScenery));
  text = build(scenery);
  return { text, bytes: Buffer.byteLength(text), objects: countOf(text, '<Object '), tags: tagCount(text) };
}

function build(scenery) {
  const parts = [];
  const address = { Bit: { Input: 0, Output: 0 }, Int: { Input: 0, Output: 0 } };
  const tag = (element, name) => {
    const type = /^Int/.test(element) ? 'Int' : 'Bit';
    const kind = /Input$/.test(element) ? 'Input' : 'Output';
    return { element, name, address: address[type][kind]++, key: keyOf(name) };
  };
  for (let line = 0; line < LINES; line++) {
    const z = line * 24;
    for (let b = 0; b < BELTS_PER_LINE; b++) {
      parts.push({
        prefab: 'RollerConveyor4M',
        position: [16 + b * 32, 2, z],
        yaw: 90,
        mode: '$C_RollerConveyor_OM_SingleBinary_NAME',
        groups: [{ tags: [tag('BinaryOutput', `Line ${line + 1} belt ${b + 1}`)] }],
      });
    }
    if (line < 6) {
      parts.push({
        prefab: 'Emitter',
        position: [4, 6, z],
        groups: [
          { tags: [{ ...tag('BinaryOutput', `Line ${line + 1} emitter`), forced: true, forcedValue: true }] },
        ],
        emitter: { min: 1, max: 2, parts: ['BoxS', 'BoxM', 'BoxL'] },
      });
      parts.push({
        prefab: 'Remover',
        position: [BELTS_PER_LINE * 32 - 4, 6, z],
        groups: [
          { tags: [{ ...tag('BinaryOutput', `Line ${line + 1} remover`), forced: true, forcedValue: true }] },
        ],
        remover: true,
      });
    }
  }
  for (let s = 0; s < SENSORS; s++) {
    const line = s % LINES;
    parts.push({
      prefab: 'DiffusePhotoelectricSensor',
      position: [10 + Math.floor(s / LINES) * 16, 5, line * 24 + 5],
      yaw: 90,
      sensorRange: 1.2,
      groups: [{ tags: [tag('BinaryInput', `Sensor ${s + 1}`)] }],
    });
  }
  for (let r = 0; r < READERS; r++) {
    parts.push({
      prefab: 'RFIDReader',
      position: [200, 5, r * 8],
      mode: 'Default',
      groups: [
        {
          description: 'GroupIO1',
          tags: [
            tag('BinaryOutput', `RFID ${r + 1} execute`),
            tag('IntInput', `RFID ${r + 1} status`),
            tag('IntInput', `RFID ${r + 1} read`),
            tag('IntOutput', `RFID ${r + 1} command`),
          ],
        },
        {
          description: 'GroupIO2',
          tags: [tag('IntInput', `RFID ${r + 1} data`), tag('IntOutput', `RFID ${r + 1} write`)],
        },
      ],
    });
  }
  for (let k = 0; k < LIGHTS; k++) {
    const groups = [{ tags: [tag('BinaryOutput', `Light ${k + 1}`)] }];
    parts.push({ prefab: 'WarningLight', position: [240, 8, k * 8], groups });
  }
  for (let k = 0; k < STOPS; k++) {
    const groups = [{ tags: [tag('BinaryOutput', `Stop ${k + 1}`)] }];
    parts.push({ prefab: 'RollerStop', position: [120, 2, k * 8 + 2], groups });
  }
  const floors = ['MetalCorner', 'PlatformXL', 'HandrailXL', 'PlatformS', 'Bracket'];
  for (let i = 0; i < scenery; i++)
    parts.push({
      prefab: floors[i % floors.length],
      position: [(i % 40) * 8, 0, Math.floor(i / 40) * 8],
      yaw: 0,
    });

  const keys = parts.flatMap((p) => (p.groups ?? []).flatMap((g) => g.tags));
  // The public file's driver blocks hold 187 keys in all: a few slots of each kind per block.
  const slot = (kind) =>
    keys
      .filter((t) => t.element === kind)
      .slice(0, 4)
      .map((t) => t.key);
  return writeFactoryIo({
    parts,
    systemKeys: {
      RunInputKey: keyOf('run'),
      PauseInputKey: keyOf('pause'),
      ResetInputKey: keyOf('reset'),
      TimeScaleInputKey: keyOf('scale'),
    },
    drivers: {
      map: {
        slots: {
          BitInput: slot('BinaryInput'),
          BitOutput: slot('BinaryOutput'),
          NumericInput: slot('IntInput'),
          NumericOutput: slot('IntOutput'),
        },
      },
    },
    screenshotBytes: 60_604,
  });
}

function countOf(text, needle) {
  return text.split(needle).length - 1;
}

function tagCount(text) {
  return (text.match(/<(Binary|Int|Analogue)(Input|Output) /g) ?? []).length;
}
