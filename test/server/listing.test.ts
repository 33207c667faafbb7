// GET /api/tags (filters), GET /api/tags/{id}, GET /api/tags/by-name/{name}; identity and scenes.
// docs/api.md, "Listing filters" and "Scenes, addresses and ids".
import { describe, expect, it } from 'vitest';
import type { ApiTag } from '../../shared/core/tag-types.js';
import { BUILTIN_SCENE_NAMES } from '../../shared/scenes/builtin-scenes.js';
import {
  API_TAG_FIELDS,
  JSON_CONTENT_TYPE,
  sceneNamed,
  startTestServer,
  useTestServer,
} from '../support/api-server.js';

const t = useTestServer();

async function list(query = ''): Promise<ApiTag[]> {
  const res = await t.client.get(`/api/tags${query}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  expect(Array.isArray(res.json)).toBe(true);
  return res.json as ApiTag[];
}

async function namesOf(query: string): Promise<string[]> {
  return (await list(query)).map((tag) => tag.name);
}

const sceneOrder = () => t.engine.scene.tags.map((tag) => tag.name);

describe('GET /api/tags', () => {
  it('lists every tag of the scene, in scene order, with every field of a Tag', async () => {
    const tags = await list();
    expect(tags.map((tag) => tag.name)).toEqual(sceneOrder());
    expect(tags.map((tag) => tag.id)).toEqual(t.engine.scene.tags.map((tag) => tag.id));
    for (const tag of tags) expect(Object.keys(tag).sort()).toEqual([...API_TAG_FIELDS].sort());
    expect(tags.find((tag) => tag.name === 'Counter')).toEqual({
      name: 'Counter',
      id: t.idOf('Counter'),
      address: 0,
      type: 'Int',
      kind: 'Output',
      value: 0,
      openCircuit: false,
      shortCircuit: false,
      isForced: false,
      forcedValue: 0,
    });
  });

  it('keeps the same order across calls, also after writes', async () => {
    const first = (await list()).map((tag) => tag.id);
    await t.client.put('/api/tag/values', [{ id: t.idOf('Counter'), value: 5 }]);
    await t.client.put('/api/tag/values-force', [{ id: t.idOf('Load'), value: true }]);
    expect((await list()).map((tag) => tag.id)).toEqual(first);
    expect((await list()).map((tag) => tag.id)).toEqual(first);
  });

  describe('name filter', () => {
    it('without wildcards is a whole-name equality test, not a substring test', async () => {
      expect(await namesOf('?name=Counter')).toEqual(['Counter']);
      expect(await namesOf('?name=Count')).toEqual([]);
      expect(await namesOf('?name=ounter')).toEqual([]);
      expect(await namesOf('?name=sensor')).toEqual([]);
      expect(await namesOf('?name=Counter2')).toEqual([]);
    });

    it('is case-insensitive', async () => {
      expect(await namesOf('?name=counter')).toEqual(['Counter']);
      expect(await namesOf('?name=COUNTER')).toEqual(['Counter']);
      expect(await namesOf('?name=pAlLeT%20SeNsOr')).toEqual(['Pallet sensor']);
    });

    it('* matches any run of characters, also none', async () => {
      expect(await namesOf('?name=*sensor')).toEqual(['High sensor', 'Low sensor', 'Pallet sensor']);
      expect(await namesOf('?name=Count*')).toEqual(['Counter']);
      expect(await namesOf('?name=Counter*')).toEqual(['Counter']);
      expect(await namesOf('?name=*Counter*')).toEqual(['Counter']);
      expect(await namesOf('?name=C*r')).toEqual(['Counter']);
      expect(await namesOf('?name=*')).toEqual(sceneOrder());
      expect(await namesOf('?name=conveyor*')).toEqual(['Conveyor entry', 'Conveyor left', 'Conveyor right']);
    });

    it('answers patterns with many stars at once, and keeps answering others', async () => {
      // A backtracking matcher blocked every client for seconds at 12 stars, minutes at 18.
      const pending = namesOf(`?name=${'*'.repeat(40)}!`);
      expect(await namesOf('?name=Counter')).toEqual(['Counter']);
      expect(await pending).toEqual([]);
      expect(await namesOf(`?name=${'*'.repeat(40)}sensor`)).toEqual([
        'High sensor',
        'Low sensor',
        'Pallet sensor',
      ]);
    });

    it('? matches exactly one character', async () => {
      expect(await namesOf('?name=L?ad')).toEqual(['Load']);
      expect(await namesOf('?name=?oad')).toEqual(['Load']);
      expect(await namesOf('?name=Load?')).toEqual([]);
      expect(await namesOf('?name=L??ad')).toEqual([]);
      expect(await namesOf('?name=Lo?d')).toEqual(['Load']);
      expect(await namesOf('?name=????')).toEqual(['Load', 'Stop', 'Auto']);
      // `?` also matches a dot, a space and a parenthesis.
      expect(await namesOf('?name=Transf??right')).toEqual(['Transf. right']);
      expect(await namesOf('?name=FACTORY%20I%2FO%20?Run?')).toEqual(['FACTORY I/O (Run)']);
    });

    it('treats regex metacharacters as literals: . ( [ + and others', async () => {
      // `.` only matches a dot: as a regex it would match the space of "Conveyor entry".
      expect(await namesOf('?name=Conveyor.entry')).toEqual([]);
      expect(await namesOf('?name=Transf.%20right')).toEqual(['Transf. right']);
      expect(await namesOf('?name=Transf.*')).toEqual(['Transf. left', 'Transf. right']);
      // `(` and `)` match themselves: as a regex group "(Reset)" would only match "FACTORY I/O Reset".
      expect(await namesOf('?name=FACTORY%20I%2FO%20(Reset)')).toEqual([
        'FACTORY I/O (Reset)',
        'FACTORY I/O (Reset)',
      ]);
      expect(await namesOf('?name=FACTORY%20I%2FO%20Reset')).toEqual([]);
      expect(await namesOf('?name=*(R*)')).toEqual([
        'FACTORY I/O (Run)',
        'FACTORY I/O (Reset)',
        'FACTORY I/O (Running)',
        'FACTORY I/O (Reset)',
      ]);
      // `[FC]ounter` as a character class would match "Counter".
      expect(await namesOf('?name=%5BFC%5Dounter')).toEqual([]);
      // `+` (sent as %2B: a bare `+` in a query string is a space) as a quantifier would match "Counter".
      expect(await namesOf('?name=Counter%2B')).toEqual([]);
      expect(await namesOf('?name=Counte%2Br')).toEqual([]);
      // Unbalanced metacharacters are not a regex syntax error (that would be a 500).
      for (const pattern of ['(', ')', '%5B', '%5D', '%2B', '%5C', '%7B', '%7C', '%24', '%5E', '.']) {
        expect(await namesOf(`?name=${pattern}`), pattern).toEqual([]);
      }
      expect(await namesOf('?name=*(*')).toEqual([
        'FACTORY I/O (Run)',
        'FACTORY I/O (Pause)',
        'FACTORY I/O (Reset)',
        'FACTORY I/O (Running)',
        'FACTORY I/O (Paused)',
        'FACTORY I/O (Reset)',
        'FACTORY I/O (Time Scale)',
      ]);
    });

    it('an empty name counts as absent', async () => {
      expect(await namesOf('?name=')).toEqual(sceneOrder());
      expect(await namesOf('?name')).toEqual(sceneOrder());
    });
  });

  describe('type and kind filters', () => {
    it('type filters on the data type, in any letter case', async () => {
      const ints = ['Counter'];
      for (const value of ['int', 'INT', 'Int', 'iNt']) expect(await namesOf(`?type=${value}`)).toEqual(ints);
      for (const value of ['float', 'FLOAT', 'Float']) {
        expect(await namesOf(`?type=${value}`)).toEqual(['FACTORY I/O (Time Scale)']);
      }
      const bits = t.engine.scene.tags.filter((tag) => tag.type === 'Bit').map((tag) => tag.name);
      for (const value of ['bit', 'BIT', 'Bit', 'bIT']) expect(await namesOf(`?type=${value}`)).toEqual(bits);
    });

    it('kind filters on the kind, in any letter case', async () => {
      const inputs = t.engine.scene.tags.filter((tag) => tag.kind === 'Input').map((tag) => tag.name);
      const outputs = t.engine.scene.tags.filter((tag) => tag.kind === 'Output').map((tag) => tag.name);
      for (const value of ['input', 'INPUT', 'Input', 'iNpUt']) {
        expect(await namesOf(`?kind=${value}`)).toEqual(inputs);
      }
      for (const value of ['output', 'OUTPUT', 'Output', 'oUTPUT']) {
        expect(await namesOf(`?kind=${value}`)).toEqual(outputs);
      }
      expect(inputs).toContain('Pallet sensor');
      expect(outputs).toContain('Counter');
    });

    it('empty type and kind values count as absent', async () => {
      expect(await namesOf('?type=')).toEqual(sceneOrder());
      expect(await namesOf('?kind=')).toEqual(sceneOrder());
      expect(await namesOf('?name=&type=&kind=')).toEqual(sceneOrder());
      expect(await namesOf('?type=&kind=input')).toEqual(
        t.engine.scene.tags.filter((tag) => tag.kind === 'Input').map((tag) => tag.name),
      );
    });

    it.each([
      ['?type=double', 'type'],
      ['?type=bool', 'type'],
      ['?type=bits', 'type'],
      ['?type=%20bit', 'type'],
      ['?kind=sensor', 'kind'],
      ['?kind=in', 'kind'],
      ['?kind=outputs', 'kind'],
      ['?name=Counter&type=double', 'type'],
      ['?type=int&kind=sensor', 'kind'],
    ])('a bad value %s is a whole-request 400 {code, error}', async (query, parameter) => {
      const res = await t.client.get(`/api/tags${query}`);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
      expect(res.json).toEqual({ code: 400, error: expect.any(String) });
      expect((res.json as { error: string }).error).toContain(parameter);
    });
  });

  it('combines filters with AND', async () => {
    expect(await namesOf('?name=*sensor&kind=output')).toEqual([]);
    expect(await namesOf('?name=*sensor&kind=input')).toEqual(['High sensor', 'Low sensor', 'Pallet sensor']);
    expect(await namesOf('?name=*sensor&type=int')).toEqual([]);
    expect(await namesOf('?name=FACTORY*&type=float')).toEqual(['FACTORY I/O (Time Scale)']);
    expect(await namesOf('?name=FACTORY*&type=float&kind=output')).toEqual([]);
    const resetOutput = await list('?name=FACTORY%20I%2FO%20(Reset)&kind=OUTPUT');
    expect(resetOutput.map((tag) => [tag.name, tag.kind])).toEqual([['FACTORY I/O (Reset)', 'Output']]);
    expect(await namesOf('?type=int&kind=input')).toEqual([]);
    expect(await namesOf('?type=bit&kind=output&name=*left')).toEqual([
      'Transf. left',
      'Conveyor left',
      'Remover left',
    ]);
    expect(await namesOf('?type=BIT&kind=Input&name=*LEFT*')).toEqual(['At left entry', 'At left exit']);
  });

  it('shows effective values and the override flags', async () => {
    await t.client.put('/api/tag/values-force', [{ id: t.idOf('Counter'), value: 12 }]);
    await t.client.put('/api/tag/values-alwayson', [{ id: t.idOf('Load'), value: true }]);
    const tags = await list('?name=Counter');
    expect(tags[0]).toMatchObject({ value: 12, isForced: true, forcedValue: 12 });
    const load = (await list('?name=Load'))[0];
    expect(load).toMatchObject({ value: true, shortCircuit: true, openCircuit: false });
  });
});

describe('GET /api/tags/{id}', () => {
  it('answers one Tag object (not an array) for a known id', async () => {
    for (const expected of t.engine.listTags()) {
      const res = await t.client.get(`/api/tags/${expected.id}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
      expect(res.json).toEqual(expected);
      expect(Object.keys(res.json as object).sort()).toEqual([...API_TAG_FIELDS].sort());
    }
  });

  it('answers a whole-request 404 with the id in the message for an unknown id', async () => {
    const res = await t.client.get('/api/tags/no-such-id');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(res.json).toEqual({ code: 404, error: "Tag with id 'no-such-id' not found." });
  });

  it('compares ids exactly (case-sensitive, no trimming)', async () => {
    const id = t.idOf('Counter');
    const upper = id.toUpperCase();
    expect(upper).not.toBe(id);
    const res = await t.client.get(`/api/tags/${upper}`);
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 404, error: `Tag with id '${upper}' not found.` });
    const padded = await t.client.get(`/api/tags/%20${id}`);
    expect(padded.json).toEqual({ code: 404, error: `Tag with id ' ${id}' not found.` });
  });

  it('percent-decodes the id once (%2F is a slash, %20 a space, UTF-8)', async () => {
    expect((await t.client.get('/api/tags/a%2Fb')).json).toEqual({
      code: 404,
      error: "Tag with id 'a/b' not found.",
    });
    expect((await t.client.get('/api/tags/a%20b')).json).toEqual({
      code: 404,
      error: "Tag with id 'a b' not found.",
    });
    expect((await t.client.get('/api/tags/caf%C3%A9')).json).toEqual({
      code: 404,
      error: "Tag with id 'café' not found.",
    });
    expect((await t.client.get('/api/tags/a%252Fb')).json).toEqual({
      code: 404,
      error: "Tag with id 'a%2Fb' not found.",
    });
    const id = t.idOf('Counter');
    const encoded = [...id].map((ch) => `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const res = await t.client.get(`/api/tags/${encoded}`);
    expect(res.status).toBe(200);
    expect((res.json as ApiTag).name).toBe('Counter');
  });
});

describe('GET /api/tags/by-name/{name}', () => {
  it('answers every tag with the name: FACTORY I/O (Reset) is an Output and an Input', async () => {
    const res = await t.client.get('/api/tags/by-name/FACTORY%20I%2FO%20(Reset)');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    const tags = res.json as ApiTag[];
    expect(tags.map((tag) => [tag.name, tag.kind, tag.type, tag.address])).toEqual([
      ['FACTORY I/O (Reset)', 'Output', 'Bit', 498],
      ['FACTORY I/O (Reset)', 'Input', 'Bit', 498],
    ]);
    expect(tags[0]!.id).not.toBe(tags[1]!.id);
    expect(tags).toEqual(t.engine.tagsNamed('FACTORY I/O (Reset)'));
  });

  it('answers an array with the one tag of a unique name', async () => {
    const res = await t.client.get('/api/tags/by-name/Counter');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([t.tag('Counter')]);
    const spaced = await t.client.get('/api/tags/by-name/Pallet%20sensor');
    expect((spaced.json as ApiTag[]).map((tag) => tag.name)).toEqual(['Pallet sensor']);
  });

  it('answers 200 [] when no tag has the name', async () => {
    for (const name of ['Nope', 'counter', 'COUNTER', 'Count', 'Count*', 'C%3Funter', 'Counter%20']) {
      const res = await t.client.get(`/api/tags/by-name/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
      expect(res.json, name).toEqual([]);
    }
  });

  it('decodes the name exactly once: %252F is a literal %2F, not a slash', async () => {
    const res = await t.client.get('/api/tags/by-name/FACTORY%20I%252FO%20(Reset)');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('tolerates one trailing slash', async () => {
    const res = await t.client.get('/api/tags/by-name/FACTORY%20I%2FO%20(Reset)/');
    expect(res.status).toBe(200);
    expect((res.json as ApiTag[]).length).toBe(2);
  });
});

describe('identity and scenes (docs/api.md, "Scenes, addresses and ids")', () => {
  it('Weight is an Int Output and a Float Input in the weight-sorting scene', async () => {
    const w = await startTestServer({ sceneName: 'Sorting by Weight' });
    try {
      const res = await w.client.get('/api/tags/by-name/Weight');
      expect(res.status).toBe(200);
      expect((res.json as ApiTag[]).map((tag) => [tag.name, tag.type, tag.kind])).toEqual([
        ['Weight', 'Float', 'Input'],
        ['Weight', 'Int', 'Output'],
      ]);
    } finally {
      await w.close();
    }
  });

  it('every scene has the system tags at their reserved addresses', async () => {
    const tags = await list('?name=FACTORY%20I%2FO*');
    expect(tags.map((tag) => [tag.name, tag.kind, tag.type, tag.address])).toEqual([
      ['FACTORY I/O (Run)', 'Output', 'Bit', 496],
      ['FACTORY I/O (Pause)', 'Output', 'Bit', 497],
      ['FACTORY I/O (Reset)', 'Output', 'Bit', 498],
      ['FACTORY I/O (Running)', 'Input', 'Bit', 496],
      ['FACTORY I/O (Paused)', 'Input', 'Bit', 497],
      ['FACTORY I/O (Reset)', 'Input', 'Bit', 498],
      ['FACTORY I/O (Time Scale)', 'Input', 'Float', 240],
    ]);
  });

  it('in every built-in scene, addresses are unique per (kind, type) space and user tags stay below the reserved top', async () => {
    const size = { Bit: 512, Int: 256, Float: 256 } as const;
    const reserved = { Bit: 496, Int: 240, Float: 240 } as const;
    try {
      for (const sceneName of BUILTIN_SCENE_NAMES) {
        t.engine.loadScene(sceneNamed(sceneName));
        const tags = await list();
        const seen = new Set<string>();
        for (const tag of tags) {
          const key = `${tag.kind} ${tag.type} ${tag.address}`;
          expect(seen.has(key), `${sceneName}: ${key}`).toBe(false);
          seen.add(key);
          expect(tag.address).toBeGreaterThanOrEqual(0);
          expect(tag.address).toBeLessThan(size[tag.type]);
          if (!tag.name.startsWith('FACTORY I/O (')) {
            expect(tag.address, `${sceneName}: ${tag.name}`).toBeLessThan(reserved[tag.type]);
          }
        }
        const system = tags.filter((tag) => tag.name.startsWith('FACTORY I/O ('));
        expect(system.map((tag) => `${tag.kind} ${tag.type} ${tag.address} ${tag.name}`).sort()).toEqual(
          [
            'Output Bit 496 FACTORY I/O (Run)',
            'Output Bit 497 FACTORY I/O (Pause)',
            'Output Bit 498 FACTORY I/O (Reset)',
            'Input Bit 496 FACTORY I/O (Running)',
            'Input Bit 497 FACTORY I/O (Paused)',
            'Input Bit 498 FACTORY I/O (Reset)',
            'Input Float 240 FACTORY I/O (Time Scale)',
          ].sort(),
        );
        expect(new Set(tags.map((tag) => tag.id)).size, sceneName).toBe(tags.length);
      }
    } finally {
      t.reset();
    }
  });

  it('ids are GUID-form strings, identical on every start', async () => {
    const first = await list();
    const other = await startTestServer();
    try {
      const res = await other.client.get('/api/tags');
      expect((res.json as ApiTag[]).map((tag) => tag.id)).toEqual(first.map((tag) => tag.id));
    } finally {
      await other.close();
    }
    for (const tag of first) {
      expect(tag.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
