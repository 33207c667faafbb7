// Who may use the control API (docs/security.md): a token on a non-loopback host, never a page of
// another site, and without a token only requests addressed to an IP address or localhost.
// A non-loopback host is the control API's own decision from the host it is told; the server
// itself still listens on 127.0.0.1 only.
import { afterEach, describe, expect, it } from 'vitest';
import { createControlApi, type ControlOptions } from '../../main/control/control-api.js';
import { SceneService } from '../../main/runtime/scene-service.js';
import { createSimulationHost } from '../../main/runtime/simulation-host.js';
import { createApiServer, type ApiServer } from '../../main/server/create-api-server.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { apiClient, type ApiClient } from '../support/http-client.js';
import { closeStations, startStation } from './control-station.js';

const servers: ApiServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await closeStations();
});

const TOKEN = 'a-test-token-of-24-chars';

/** The control API as it is on `host`, served on 127.0.0.1. */
async function controlAs(host: string, options: ControlOptions = {}): Promise<ApiClient> {
  const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
  const scenes = new SceneService(engine, memorySettingsStore());
  const simulation = createSimulationHost(engine, { every: () => () => undefined });
  const control = createControlApi(
    { engine, scenes, simulation, host: () => host },
    { token: TOKEN, ...options },
  );
  const server = createApiServer(engine, { port: 0, control: control.surface });
  servers.push(server);
  return apiClient((await server.listen()).url);
}

describe('on a non-loopback host', () => {
  it('needs the token, and says so', async () => {
    const client = await controlAs('0.0.0.0');
    const none = await client.get('/tagsim/v1/status');
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="tagsim"');
    expect(none.json).toEqual({
      code: 401,
      error: 'The control API needs the token printed at start: send Authorization: Bearer <token>.',
    });
    const wrong = await client.get('/tagsim/v1/status', { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect((wrong.json as { error: string }).error).toMatch(/^The control API token is wrong/);
    // Even an unknown path says nothing more than that.
    expect((await client.get('/tagsim/v1/nope')).status).toBe(401);
    const right = await client.get('/tagsim/v1/status', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    // The tag API stays as open as the simulator's.
    expect((await client.get('/api/tags')).status).toBe(200);
  });

  it('takes no token with open: true (--control-open)', async () => {
    const client = await controlAs('0.0.0.0', { open: true });
    expect((await client.get('/tagsim/v1/status')).status).toBe(200);
  });

  it('opens no scene file by path unless file access is allowed', async () => {
    const auth = { headers: { Authorization: `Bearer ${TOKEN}` } };
    const client = await controlAs('0.0.0.0');
    const refused = await client.request('POST', '/tagsim/v1/scene', {
      body: JSON.stringify({ scene: '/etc/hostname' }),
      ...auth,
    });
    expect(refused.status).toBe(403);
    expect((refused.json as { error: string }).error).toBe(
      'There is no built-in scene named "/etc/hostname", and this TagSim\'s control API cannot open files ' +
        'on the server (it listens on 0.0.0.0); name a built-in scene, or start TagSim with --ui-files.',
    );
    const allowed = await controlAs('0.0.0.0', { fileAccess: 'any' });
    const tried = await allowed.request('POST', '/tagsim/v1/scene', {
      body: JSON.stringify({ scene: '/nonexistent/x.tagsim.json' }),
      ...auth,
    });
    expect(tried.status).toBe(400);
    expect((tried.json as { error: string }).error).toMatch(
      /^cannot open \/nonexistent\/x\.tagsim\.json: no such file/,
    );
  });
});

describe('on a loopback host, without a token', () => {
  it('refuses a page of another site, and takes one of the server itself', async () => {
    const { client, tagsim } = await startStation();
    const foreign = await client.request('POST', '/tagsim/v1/reset', {
      headers: { Origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({
      code: 403,
      error:
        'The control API does not take requests from web pages of other sites (Origin "http://evil.example").',
    });
    const host = new URL(tagsim.url!).host;
    const own = await client.request('POST', '/tagsim/v1/reset', { headers: { Origin: `http://${host}` } });
    expect(own.status).toBe(200);
  });

  it('refuses a request addressed to a host name other than localhost (DNS rebinding)', async () => {
    const { client, tagsim } = await startStation();
    const port = new URL(tagsim.url!).port;
    const rebound = await client.get('/tagsim/v1/status', { headers: { Host: `evil.example:${port}` } });
    expect(rebound.status).toBe(403);
    expect((rebound.json as { error: string }).error).toBe(
      `Without a token, the control API answers only requests addressed to an IP address or localhost (Host "evil.example:${port}").`,
    );
    expect((await client.get('/tagsim/v1/status', { headers: { Host: `localhost:${port}` } })).status).toBe(
      200,
    );
  });
});
