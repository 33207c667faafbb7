// Hostile saved scenes (.factoryio): what a broken, huge, wrongly encoded or malicious XML file
// may hold, each with the words TagSim must answer it with (a problem naming its line).
import { writeFactoryIo } from '../../support/factoryio-writer.mjs';

/** A small valid saved scene: one belt, one sensor, one emitter. */
export const VALID_FACTORYIO = writeFactoryIo({
  parts: [
    {
      prefab: 'BeltConveyor4M',
      position: [16, 3, 0],
      yaw: 90,
      mode: '$C_BeltConveyor_OM_SingleBinary_NAME',
      groups: [
        {
          tags: [
            {
              element: 'BinaryOutput',
              name: 'Belt',
              address: 0,
              key: '6f0e0b5c-1111-4aaa-8bbb-000000000001',
            },
          ],
        },
      ],
    },
    {
      prefab: 'DiffusePhotoelectricSensor',
      position: [24, 5, 5],
      yaw: 180,
      sensorRange: 1,
      groups: [
        {
          tags: [
            {
              element: 'BinaryInput',
              name: 'At end',
              address: 0,
              key: '6f0e0b5c-1111-4aaa-8bbb-000000000002',
            },
          ],
        },
      ],
    },
  ],
  systemKeys: { RunInputKey: '6f0e0b5c-1111-4aaa-8bbb-000000000003' },
});

const LAUGHS = Array.from({ length: 10 }, (_, i) =>
  i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
).join('');

/** Text files: name, content, and the problem TagSim gives (a pattern of `line n: ...`). */
export const HOSTILE_XML: readonly [string, () => string | Buffer, RegExp][] = [
  [
    'cut off in a tag',
    () => VALID_FACTORYIO.slice(0, 700),
    /^line \d+: the file ends inside <\w+> \(opened at line \d+\): it is cut off$/,
  ],
  [
    'cut off after the root opens',
    () => VALID_FACTORYIO.slice(0, 200),
    /^line \d+: the file ends inside <\w+> \(opened at line \d+\): it is cut off$/,
  ],
  [
    'a billion laughs',
    () => `<?xml version="1.0"?>\n<!DOCTYPE lolz [${LAUGHS}]>\n<FactoryIO>&lol9;</FactoryIO>`,
    /^line 2: the file declares a DOCTYPE; a scene file has none, and TagSim reads no DTD and no entities$/,
  ],
  [
    'an external entity',
    () => '<!DOCTYPE FactoryIO [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<FactoryIO Type="&xxe;"/>',
    /^line 1: the file declares a DOCTYPE/,
  ],
  [
    'a parameter entity to a URL',
    () => '<!DOCTYPE x [<!ENTITY % remote SYSTEM "http://127.0.0.1:1/x.dtd"> %remote;]><FactoryIO/>',
    /^line 1: the file declares a DOCTYPE/,
  ],
  [
    'an entity that was never declared',
    () => VALID_FACTORYIO.replace('Name="Belt"', 'Name="&xxe;"'),
    /^line \d+: an entity TagSim does not read: only &amp; &lt; &gt; &quot; &apos; and character references$/,
  ],
  [
    'an HTML entity',
    () => VALID_FACTORYIO.replace('Name="Belt"', 'Name="Belt&nbsp;1"'),
    /^line \d+: an entity TagSim does not read/,
  ],
  [
    'elements nested 100,000 deep',
    () => `<FactoryIO>${'<Object>'.repeat(100_000)}${'</Object>'.repeat(100_000)}</FactoryIO>`,
    /^line 1: elements nested more than 32 deep; a scene file nests a few levels$/,
  ],
  [
    '400,000 elements',
    () => `<FactoryIO>\n${'<Object/>'.repeat(400_000)}\n</FactoryIO>`,
    /^line 2: more than 300000 elements; a scene file holds far fewer$/,
  ],
  [
    'a 5 MB attribute',
    () =>
      VALID_FACTORYIO.replace(
        /<Screenshot Data="[^"]*"/,
        `<Screenshot Data="${'A'.repeat(5 * 1024 * 1024)}"`,
      ),
    /^line \d+: a name, value or text longer than 4194304 characters$/,
  ],
  [
    'a declared encoding other than UTF-8',
    () => `<?xml version="1.0" encoding="ISO-8859-1"?>\n${VALID_FACTORYIO.slice(1)}`,
    /^line 1: the file says it is ISO-8859-1; TagSim reads UTF-8 \(save it as UTF-8\)$/,
  ],
  [
    'two root elements',
    () => `${VALID_FACTORYIO}<FactoryIO/>`,
    /^line \d+: a second root element <FactoryIO>: a document has one$/,
  ],
  [
    'a closing tag that closes nothing open',
    () => VALID_FACTORYIO.replace('</Camera>', '</Cam>'),
    /^line \d+: a closing tag that does not close <Camera> \(opened at line \d+\)$/,
  ],
  [
    'text before the root',
    () => `garbage\n${VALID_FACTORYIO}`,
    /^line 1: text before the first element: this is not XML$/,
  ],
  [
    'a JSON scene with the wrong ending',
    () => '{"format":"tagsim-scene"}',
    /^line 1: text before the first element: this is not XML$/,
  ],
  ['no element at all', () => '  \n ', /^line \d+: the file holds no XML element$/],
];
