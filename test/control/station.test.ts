// The control API's station routes over real HTTP: status, reset, another scene, state
// snapshots; its errors in the tag API's shape; and how it is turned off.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { keyOf, writeFactoryIo } from '../support/factoryio-writer.mjs';
import { closeStations, startStation } from './control-station.js';

afterEach(closeStations);

describe('GET /tagsim/v1/status', () => {
  it('tells the version, scene, tag count, lifecycle, clock, time scale, simulation time and seed', async () => {
    const station = await startStation({
      control: { version: '9.8.7' },
      simulation: { seed: 42, timeScale: 2 },
    });
    const answer = await station.call('GET', 'status');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json).toEqual({
      version: '9.8.7',
      scene: 'Sorting by Height (Basic)',
      tags: station.tagsim.engine.scene.tags.length,
      running: false,
      state: 'stopped',
      clock: 'real',
      timeScale: 2,
      simTimeMs: 0,
      seed: 42,
    });
  });
});

describe('POST /tagsim/v1/reset', () => {
  it('puts values, forces, failures, the plant and simulation time back to the start', async () => {
    const station = await startStation({ simulation: { startRunning: true } });
    const { client, tagsim } = station;
    await station.write({ 'Conveyor entry': true });
    await client.put('/api/tag/values-force/by-name', [{ name: 'Load', value: true }]);
    await client.put('/api/tag/values-alwayson/by-name', [{ name: 'Transf. left', value: true }]);
    tagsim.simulation.simulation.advance(1000);
    expect(tagsim.simulation.status.timeMs).toBeGreaterThan(0);

    const answer = await station.call('POST', 'reset');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ simTimeMs: 0, running: true, seed: 1 });
    // Exactly the state of a station that has just started.
    const fresh = await startStation({ simulation: { startRunning: true } });
    expect(tagsim.engine.listTagStates()).toEqual(fresh.tagsim.engine.listTagStates());
    expect(tagsim.simulation.simulation.snapshot()).toEqual(fresh.tagsim.simulation.simulation.snapshot());
    expect(station.value('Load')).toBe(false);
  });

  it('refuses a body or a query it does not read, and does not reset; takes {} as no body', async () => {
    const station = await startStation();
    await station.write({ 'Conveyor entry': true });
    const garbage = await station.client.request('POST', '/tagsim/v1/reset', { body: 'garbage{' });
    expect(garbage.status).toBe(400);
    const meant = await station.call('POST', 'reset', { scene: 'Filling Tank' });
    expect(meant.status).toBe(400);
    expect((meant.json as { error: string }).error).toBe(
      'POST /tagsim/v1/reset takes no request body; send none (or {}).',
    );
    const query = await station.call('POST', 'reset?scene=foo');
    expect(query.status).toBe(400);
    expect((query.json as { error: string }).error).toBe(
      'Unknown query parameter "scene"; POST /tagsim/v1/reset takes none.',
    );
    expect(station.value('Conveyor entry')).toBe(true);
    expect((await station.call('POST', 'reset', {})).status).toBe(200);
    expect(station.value('Conveyor entry')).toBe(false);
    // The same for every route: a query the journal does not know names the ones it does.
    expect((await station.call('GET', 'status?verbose=1')).status).toBe(400);
    expect(((await station.call('GET', 'requests?verbose=1')).json as { error: string }).error).toBe(
      'Unknown query parameter "verbose"; known: limit, before, path, status.',
    );
  });

  it('keeps a paused start paused, and the clock and time scale as they are', async () => {
    const station = await startStation({ simulation: { timeScale: 4 } });
    station.tagsim.simulation.run();
    const answer = await station.call('POST', 'reset');
    expect(answer.json).toMatchObject({ running: false, state: 'stopped', timeScale: 4, clock: 'real' });
  });
});

describe('POST /tagsim/v1/scene', () => {
  it('switches to a built-in scene by name, in any letter case, and answers the status', async () => {
    const station = await startStation();
    const answer = await station.call('POST', 'scene', { scene: 'filling TANK' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ scene: 'Filling Tank' });
    expect(station.tagsim.engine.scene.name).toBe('Filling Tank');
    expect(station.tagsim.scenes.document.origin).toBe('builtin');
  });

  it('opens a scene file by path on a loopback host', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-control-'));
    const file = join(dir, 'tank.tagsim.json');
    writeFileSync(file, serializeScene({ ...builtinScene('Filling Tank')!, name: 'My tank' }));
    const station = await startStation();
    const answer = await station.call('POST', 'scene', { scene: file });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ scene: 'My tank' });
    expect(station.tagsim.scenes.document).toMatchObject({ origin: 'file', path: file });
  });

  it('opens a saved scene of the simulator (.factoryio), which it reads but never saves over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-control-'));
    const file = join(dir, 'Cell 2.factoryio');
    const key = keyOf('cell 2 sensor');
    writeFileSync(
      file,
      writeFactoryIo({
        parts: [
          {
            prefab: 'DiffusePhotoelectricSensor',
            position: [0, 5, 0],
            groups: [{ tags: [{ element: 'BinaryInput', name: 'Part here', address: 0, key }] }],
          },
        ],
      }),
    );
    const station = await startStation();
    const answer = await station.call('POST', 'scene', { scene: file });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ scene: 'Cell 2' });
    expect(station.tagsim.engine.getTag(key)).toMatchObject({ name: 'Part here', kind: 'Input' });
    expect(station.tagsim.scenes.document).toMatchObject({ origin: 'import', readFrom: file, dirty: false });
    expect(station.tagsim.scenes.document.path).toBeUndefined();
    const broken = join(dir, 'broken.factoryio');
    writeFileSync(broken, '<FactoryIO><Object>');
    const refused = await station.call('POST', 'scene', { scene: broken });
    expect(refused.status).toBe(400);
    expect((refused.json as { error: string }).error).toMatch(
      /^The scene is not valid: line 1: the file ends inside <Object>/,
    );
    expect(station.tagsim.engine.scene.name).toBe('Cell 2');
  });

  it('refuses, changing nothing, a name that is no scene, a file with problems, and a bad body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagsim-control-'));
    const broken = join(dir, 'broken.tagsim.json');
    writeFileSync(broken, '{"format": "tagsim-scene", "version": 1, "name": "", "tags": 3}');
    const station = await startStation();
    const cases: [unknown, RegExp][] = [
      [{ scene: 'Nowhere' }, /^cannot open Nowhere: no such file\. Built-in scenes: .*Filling Tank/],
      [{ scene: broken }, /^The scene is not valid: .*tags/],
      [{ scene: '' }, /^Request body is not valid: scene: must name a built-in scene/],
      [{ scene: 'Filling Tank', extra: 1 }, /^Request body is not valid: extra: unknown field/],
      [['Filling Tank'], /^Request body is not valid: must be an object/],
    ];
    for (const [body, message] of cases) {
      const answer = await station.call('POST', 'scene', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.json as { code: number }).code).toBe(400);
      expect((answer.json as { error: string }).error).toMatch(message);
    }
    const none = await station.call('POST', 'scene');
    expect(none.status).toBe(400);
    expect(none.json).toEqual({
      code: 400,
      error: 'Request body is required: {"scene": "<built-in name or scene file>"}.',
    });
    expect(station.tagsim.engine.scene.name).toBe('Sorting by Height (Basic)');
  });

  it('refuses a file path where file access is off, and says how to allow it', async () => {
    const station = await startStation({ control: { fileAccess: 'none' } });
    const answer = await station.call('POST', 'scene', { scene: '/etc/passwd' });
    expect(answer.status).toBe(403);
    expect((answer.json as { error: string }).error).toMatch(
      /cannot open files on the server; name a built-in scene, or start TagSim with --ui-files\.$/,
    );
    expect((await station.call('POST', 'scene', { scene: 'Filling Tank' })).status).toBe(200);
  });
});

describe('GET and PUT /tagsim/v1/state', () => {
  it('reads the state as a snapshot and puts it back', async () => {
    const station = await startStation();
    await station.write({ 'Conveyor entry': true });
    await station.client.put('/api/tag/values-force/by-name', [{ name: 'Load', value: true }]);
    const saved = await station.call('GET', 'state');
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      format: 'tagsim-state',
      version: 1,
      scene: 'Sorting by Height (Basic)',
    });

    await station.call('POST', 'reset');
    expect(station.value('Load')).toBe(false);
    const put = await station.call('PUT', 'state', saved.json);
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ restored: station.tagsim.engine.scene.tags.length, notes: [] });
    expect(station.value('Conveyor entry')).toBe(true);
    expect(station.value('Load')).toBe(true);
  });

  it('refuses a snapshot with problems, or of another scene, and changes nothing', async () => {
    const station = await startStation();
    await station.write({ 'Conveyor entry': true });
    const bad = await station.call('PUT', 'state', {
      format: 'tagsim-state',
      version: 2,
      scene: 1,
      tags: {},
    });
    expect(bad.status).toBe(400);
    expect((bad.json as { error: string }).error).toBe(
      'The state snapshot is not valid: version: 2 is newer than this TagSim reads (1); update TagSim; ' +
        'scene: must be the name of the scene, a string; tags: must be an array of tag states.',
    );
    const foreign = await station.call('PUT', 'state', {
      format: 'tagsim-state',
      version: 1,
      scene: 'Other',
      tags: [
        {
          id: 'x',
          name: 'X',
          kind: 'Input',
          type: 'Bit',
          raw: true,
          forced: false,
          forcedValue: false,
          failure: 'none',
        },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(station.value('Conveyor entry')).toBe(true);
    expect((await station.call('PUT', 'state')).status).toBe(400);
    // No tag at all, of another scene or of this one: it would only start every tag over.
    for (const scene of ['Other', station.tagsim.engine.scene.name]) {
      const empty = await station.call('PUT', 'state', {
        format: 'tagsim-state',
        version: 1,
        scene,
        tags: [],
      });
      expect(empty.status, scene).toBe(400);
      expect((empty.json as { error: string }).error, scene).toMatch(
        /tags: (none of its tags|it holds none)/,
      );
    }
    expect(station.value('Conveyor entry')).toBe(true);
  });
});

describe('the control API as a whole', () => {
  it("answers unknown paths and wrong methods in the tag API's error shape", async () => {
    const station = await startStation();
    const unknown = await station.call('GET', 'nope');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ code: 404, error: 'No such endpoint: GET /tagsim/v1/nope' });
    const wrong = await station.call('DELETE', 'status');
    expect(wrong.status).toBe(405);
    expect(wrong.headers['allow']).toBe('GET');
    expect(wrong.json).toEqual({
      code: 405,
      error: 'Method DELETE is not allowed on /tagsim/v1/status. Allowed: GET.',
    });
    // Its routes take exactly their method: HEAD and OPTIONS are wrong methods here, unlike on
    // the tag API, whose router answers them.
    for (const method of ['HEAD', 'OPTIONS']) {
      const other = await station.call(method, 'status');
      expect(other.status, method).toBe(405);
      expect(other.headers['allow'], method).toBe('GET');
    }
    // Its own path rule: one trailing slash dropped, runs of slashes and escapes left as sent.
    expect((await station.call('GET', 'status/')).status).toBe(200);
    expect((await station.call('GET', '/status')).status).toBe(404);
    expect((await station.call('GET', 'st%61tus')).status).toBe(404);
    expect((await station.call('GET', 'nope/')).json).toEqual({
      code: 404,
      error: 'No such endpoint: GET /tagsim/v1/nope/',
    });
    const notJson = await station.client.request('POST', '/tagsim/v1/scene', { body: '{"scene": ' });
    expect(notJson.status).toBe(400);
    expect((notJson.json as { error: string }).error).toMatch(/^Request body is not valid JSON/);
  });

  it('bounds bodies with the tag API limit', async () => {
    const station = await startStation({ server: { port: 0, bodyLimitBytes: 1024 } });
    const answer = await station.call('PUT', 'state', { pad: 'x'.repeat(2000) });
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ code: 413, error: 'Request body is larger than the limit of 1 KiB.' });
  });

  it('is off with control: false, its paths then answering like any unknown path', async () => {
    const station = await startStation({ control: false });
    const answer = await station.call('GET', 'status');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ code: 404, error: 'No such endpoint: GET /tagsim/v1/status' });
    // Such a path is the tag API's then, malformed escapes refused as on any of its paths.
    expect((await station.call('GET', '%E0')).status).toBe(400);
    expect(station.tagsim.control).toBeUndefined();
  });

  it('leaves the tag API and its request events alone', async () => {
    const station = await startStation();
    const seen: string[] = [];
    station.tagsim.server.requests.on((e) => seen.push(e.path));
    await station.call('GET', 'status');
    await station.client.get('/api/tags');
    expect(seen).toEqual(['/api/tags']);
  });
});
