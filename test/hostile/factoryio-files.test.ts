// The hostile-input suite for saved scenes of the simulator (.factoryio, XML): cut off, huge,
// wrongly encoded, malicious (entities, a billion laughs, deep nesting) or randomly broken files
// each get one clear problem naming its line, never a crash, a hang or a stack overflow, and
// the scene being served stays as it was.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { startTagSim } from '../../main/compose/start-tagsim.js';
import { readSceneFile } from '../../main/storage/scene-files.js';
import { ValidationError } from '../../shared/problems/problem-list.js';
import { HOSTILE_XML, VALID_FACTORYIO } from './support/xml-files.js';

const dir = mkdtempSync(join(tmpdir(), 'tagsim-hostile-xml-'));
let n = 0;
const file = (content: string | Buffer) => {
  const path = join(dir, `scene ${++n}.factoryio`);
  writeFileSync(path, content);
  return path;
};

/** The one problem of a refused file, formatted; or 'read' when it was read. */
async function refusal(path: string): Promise<string> {
  try {
    await readSceneFile(path);
    return 'read';
  } catch (error) {
    if (error instanceof ValidationError) {
      expect(error.message).toContain(path.split('/').at(-1)!);
      expect(error.message).toContain('is not a valid FACTORY I/O scene');
      return error.problems.map((p) => `${p.path}: ${p.message}`).join('\n');
    }
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }
}

const station = await startTagSim({
  server: { host: '127.0.0.1', port: 0 },
  simulation: { startRunning: false, every: () => () => undefined },
});
afterAll(() => station.close());

describe('hostile XML', () => {
  it('reads the valid file the corpus breaks', async () => {
    expect(await refusal(file(VALID_FACTORYIO))).toBe('read');
  });

  it.each(HOSTILE_XML)(
    '%s: one problem naming its line, and the served scene stays',
    async (_name, make, problem) => {
      const path = file(make());
      expect(await refusal(path)).toMatch(problem);
      const before = station.engine.listTagsJson();
      const outcome = await station.scenes.open({ path });
      expect(outcome).toMatchObject({
        ok: false,
        reason: 'invalid',
        problems: [expect.stringMatching(problem)],
      });
      expect(station.engine.listTagsJson()).toBe(before);
    },
  );

  it('a 100 MB file is refused by its size before a byte is read', async () => {
    const path = file('');
    truncateSync(path, 100 * 1024 * 1024);
    expect(await refusal(path)).toMatch(
      /^cannot open .*scene \d+\.factoryio: it is 104857600 bytes; TagSim reads files of at most 16 MiB/,
    );
  });

  it.each([
    [
      'UTF-16 with a byte-order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VALID_FACTORYIO, 'utf16le')]),
      /it is UTF-16 text; save it as UTF-8/,
    ],
    [
      'Latin-1 bytes',
      Buffer.from(VALID_FACTORYIO.replace('Belt', 'Förderband'), 'latin1'),
      /it is not UTF-8 text \(an invalid byte near offset \d+\); save it as UTF-8/,
    ],
  ])('%s: refused as not UTF-8, naming the file', async (_name, bytes, problem) => {
    expect(await refusal(file(bytes))).toMatch(problem);
  });

  it('random cuts and changed bytes of a valid file are read or refused clearly, never otherwise', async () => {
    const bytes = Buffer.from(VALID_FACTORYIO);
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.nat(bytes.length).map((at) => bytes.subarray(0, at)),
          fc
            .tuple(
              fc.nat(bytes.length - 1),
              fc.constantFrom(0x3c, 0x3e, 0x22, 0x26, 0x2f, 0x20, 0x41, 0x00, 0xff),
            )
            .map(([at, byte]) => {
              const b = Buffer.from(bytes);
              b[at] = byte;
              return b;
            }),
          fc
            .tuple(fc.nat(bytes.length), fc.string({ maxLength: 12 }))
            .map(([at, s]) => Buffer.concat([bytes.subarray(0, at), Buffer.from(s), bytes.subarray(at)])),
        ),
        async (content) => {
          const outcome = await refusal(file(content));
          if (outcome === 'read') return;
          refused++;
          for (const line of outcome.split('\n')) {
            expect(line).toMatch(/^(line \d+|tags\[\d+\][.\w]*|tags|cannot open .*): ./);
            expect(line.length).toBeLessThan(400);
            // eslint-disable-next-line no-control-regex
            expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
          }
        },
      ),
      { numRuns: 200 },
    );
    expect(refused).toBeGreaterThan(50);
  });
});
