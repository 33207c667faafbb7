// The browser UI of `tagsim serve --ui`, over real HTTP and WebSocket on 127.0.0.1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { CONTENT_SECURITY_POLICY } from '../../main/ui-host/renderer-files.js';
import { resolveUiFile } from '../../main/ui-host/static-ui.js';
import { createBridgeClient } from '../../shared/bridge/bridge-client.js';
import { uiWebSocketTransport } from '../support/bridge-transports.js';
import { rawRequest, type RawRequestOptions } from '../support/http-client.js';

const TOKEN = 'test-token-123';
let tagsim: TagSim;
let port: number;
let rendererDir: string;

beforeAll(async () => {
  rendererDir = mkdtempSync(join(tmpdir(), 'tagsim-ui-'));
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>TagSim</title>');
  writeFileSync(join(rendererDir, 'app.js'), 'console.log(1);');
  writeFileSync(join(rendererDir, 'notes.txt'), 'not a UI file type');
  tagsim = await startTagSim({ server: { port: 0 }, ui: { rendererDir, token: TOKEN } });
  port = tagsim.server.status.port;
});
afterAll(() => tagsim.close());

const request = (_port: number, method: string, path: string, options?: RawRequestOptions) =>
  rawRequest(tagsim.url!, method, path, options);

/** Opens the UI socket with the given headers; resolves with the HTTP status of a refusal or 101. */
function upgrade(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(-1));
  });
}

describe('tagsim serve --ui', () => {
  it('prints a UI address with the token', () => {
    expect(tagsim.uiUrl).toBe(`http://127.0.0.1:${port}/ui/?token=${TOKEN}`);
  });

  it('serves the renderer bundle at /ui/ with a strict CSP', async () => {
    const res = await request(port, 'GET', '/ui/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.text).toContain('<title>TagSim</title>');
    const js = await request(port, 'GET', '/ui/app.js');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('redirects /ui to /ui/ keeping the token', async () => {
    const res = await request(port, 'GET', `/ui?token=${TOKEN}`);
    expect(res.status).toBe(302);
    expect(res.headers['location']).toBe(`/ui/?token=${TOKEN}`);
  });

  it.each([
    '/ui/../package.json',
    '/ui/%2e%2e/package.json',
    '/ui/..%2Fpackage.json',
    '/ui/notes.txt',
    '/ui/nope.js',
  ])('refuses %s', async (path) => {
    const res = await request(port, 'GET', path);
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain('"name": "tagsim"');
    // A refusal carries the policy too, as the desktop window's app:// refusals do.
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('answers only to localhost or an IP address (DNS rebinding)', async () => {
    const res = await request(port, 'GET', '/ui/', { headers: { host: `evil.example:${port}` } });
    expect(res.status).toBe(403);
    const ok = await request(port, 'GET', '/ui/', { headers: { host: `localhost:${port}` } });
    expect(ok.status).toBe(200);
  });

  it('keeps the API as it was, and does not count UI requests as API traffic', async () => {
    await request(port, 'GET', '/ui/app.js');
    expect(tagsim.server.status.controllable).toBe(false);
    const tags = await request(port, 'GET', '/api/tags?name=Counter');
    expect(tags.json).toHaveLength(1);
    const unknown = await request(port, 'GET', '/nope');
    expect(unknown.json).toEqual({ code: 404, error: 'No such endpoint: GET /nope' });
  });

  it('refuses to let the window start or stop the server that serves it', async () => {
    const transport = await uiWebSocketTransport(`ws://127.0.0.1:${port}/ui/ws?token=${TOKEN}`);
    try {
      const client = createBridgeClient(transport);
      const refusal = "this TagSim's window cannot start or stop its server: it is served by that server";
      await expect(client.startServer({ host: '0.0.0.0' })).rejects.toThrow(refusal);
      await expect(client.stopServer(undefined)).rejects.toThrow(refusal);
      expect(tagsim.server.status).toMatchObject({ state: 'listening', host: '127.0.0.1', port });
      expect((await request(port, 'GET', '/api/tags?name=Counter')).json).toHaveLength(1);
    } finally {
      transport.close();
    }
  });

  it('opens the bridge socket only with the token, a same-origin page and a local Host', async () => {
    const origin = `http://127.0.0.1:${port}`;
    expect(await upgrade(`/ui/ws?token=${TOKEN}`, { origin })).toBe(101);
    expect(await upgrade('/ui/ws', { origin })).toBe(403);
    expect(await upgrade('/ui/ws?token=wrong-token-12', { origin })).toBe(403);
    expect(await upgrade(`/ui/ws?token=${TOKEN}`, { origin: 'http://evil.example' })).toBe(403);
    expect(await upgrade(`/ui/ws?token=${TOKEN}`, {})).toBe(403);
    expect(
      await upgrade(`/ui/ws?token=${TOKEN}`, {
        origin: `http://evil.example:${port}`,
        host: `evil.example:${port}`,
      }),
    ).toBe(403);
    // Elsewhere an upgrade offer is not taken: the request is answered as plain HTTP.
    expect(await upgrade(`/api/tags`, { origin })).toBe(200);
  });

  it('closes the socket on a malformed message', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ui/ws?token=${TOKEN}`, {
      headers: { origin: `http://127.0.0.1:${port}` },
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('not json');
    expect(await closed).toBe(1007);
  });
});

describe('resolveUiFile', () => {
  it('maps /ui/ paths into the folder and nowhere else', () => {
    expect(resolveUiFile('/srv/ui', '/ui/')).toBe('/srv/ui/index.html');
    expect(resolveUiFile('/srv/ui', '/ui/app.js')).toBe('/srv/ui/app.js');
    expect(resolveUiFile('/srv/ui', '/ui/../secret.js')).toBeUndefined();
    expect(resolveUiFile('/srv/ui', '/ui/%2e%2e%2fsecret.js')).toBeUndefined();
    expect(resolveUiFile('/srv/ui', '/ui/a%00.js')).toBeUndefined();
    expect(resolveUiFile('/srv/ui', '/ui/%E0%A4%A')).toBeUndefined();
    expect(resolveUiFile('/srv/ui', '/api/tags')).toBeUndefined();
  });
});
