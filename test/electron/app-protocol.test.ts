// The app:// scheme (docs/security.md: no remote content, UI from packaged files): it serves
// files of dist/renderer only, refuses every way out of that folder, and sends the CSP.
import path from 'node:path';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_START_URL,
  createAppProtocolHandler,
  isAppUrl,
  PRIVILEGED_SCHEMES,
  registerPrivilegedSchemes,
  resolveAppUrl,
} from '../../main/electron/app-protocol.js';
import { CONTENT_SECURITY_POLICY } from '../../main/ui-host/renderer-files.js';

const DIR = '/opt/tagsim/dist/renderer';

describe('resolveAppUrl', () => {
  it('maps app://tagsim/<path> to the file under dist/renderer; / is index.html', () => {
    expect(resolveAppUrl(DIR, 'app://tagsim/')).toBe(`${DIR}/index.html`);
    expect(resolveAppUrl(DIR, 'app://tagsim')).toBe(`${DIR}/index.html`);
    expect(resolveAppUrl(DIR, APP_START_URL)).toBe(`${DIR}/index.html`);
    expect(resolveAppUrl(DIR, 'app://tagsim/app.js')).toBe(`${DIR}/app.js`);
    expect(resolveAppUrl(DIR, 'app://tagsim/fonts/a%20b.woff2?v=1#x')).toBe(`${DIR}/fonts/a b.woff2`);
    expect(resolveAppUrl(DIR, 'APP://TAGSIM/app.css')).toBe(`${DIR}/app.css`);
  });

  it('resolves the dot segments of the URL itself at the site root, as a browser does', () => {
    expect(resolveAppUrl(DIR, 'app://tagsim/../main/electron/main.js')).toBe(`${DIR}/main/electron/main.js`);
    expect(resolveAppUrl(DIR, 'app://tagsim/assets/../../package.json')).toBe(`${DIR}/package.json`);
    expect(resolveAppUrl(DIR, 'app://tagsim/%2e%2e/%2E%2E/etc/app.js')).toBe(`${DIR}/etc/app.js`);
  });

  it.each([
    ['percent-encoded slashes', 'app://tagsim/..%2f..%2fpackage.json'],
    ['backslashes', 'app://tagsim/..%5c..%5cpackage.json'],
    ['a literal backslash', 'app://tagsim/..\\..\\package.json'],
    ['a drive letter', 'app://tagsim/C:/Windows/win.ini'],
    ['an NTFS stream', 'app://tagsim/index.html::$DATA'],
    ['a NUL byte', 'app://tagsim/index.html%00.png'],
    ['broken percent-encoding', 'app://tagsim/%E0%A4%A'],
    ['another host', 'app://evil/index.html'],
    ['a host that only starts like ours', 'app://tagsim.evil/index.html'],
    ['user info', 'app://user:pass@tagsim/index.html'],
    ['another scheme', 'file:///opt/tagsim/dist/renderer/index.html'],
    ['https', 'https://tagsim/index.html'],
    ['not a URL', 'index.html'],
  ])('refuses %s', (_name, url) => {
    expect(resolveAppUrl(DIR, url)).toBeUndefined();
  });

  it('decodes once: a double-encoded traversal is an odd file name inside the folder', () => {
    expect(resolveAppUrl(DIR, 'app://tagsim/%252e%252e%252fpackage.json')).toBe(
      `${DIR}/%2e%2e%2fpackage.json`,
    );
  });

  it('never resolves outside the folder, whatever the path (Windows paths too)', () => {
    const win = 'C:\\Program Files\\TagSim\\resources\\app.asar\\dist\\renderer';
    expect(resolveAppUrl(win, 'app://tagsim/app.js', path.win32)).toBe(`${win}\\app.js`);
    expect(resolveAppUrl(win, 'app://tagsim/..%5capp.asar', path.win32)).toBeUndefined();
    expect(resolveAppUrl(win, 'app://tagsim/%2e%2e/x.js', path.win32)).toBe(`${win}\\x.js`);
    expect(resolveAppUrl(win, 'app://tagsim/D:%2fx.js', path.win32)).toBeUndefined();
    const samples = ['..', '.', '%2e', '%2f', '%5c', 'a', '/', ':', '%00', '%252e', '.js'];
    for (let i = 0; i < 2000; i++) {
      const tail = Array.from(
        { length: 6 },
        (_, k) => samples[(i * 7 + k * 3 + i * k) % samples.length],
      ).join('');
      for (const [api, dir] of [
        [path.posix, DIR],
        [path.win32, win],
      ] as const) {
        const file = resolveAppUrl(dir, `app://tagsim/${tail}`, api);
        if (file !== undefined) {
          const rel = api.relative(dir, file);
          expect(rel === '' || rel.startsWith('..') || api.isAbsolute(rel)).toBe(false);
        }
      }
    }
  });
});

describe('isAppUrl', () => {
  it('is true for app://tagsim URLs only', () => {
    expect(isAppUrl('app://tagsim/index.html')).toBe(true);
    expect(isAppUrl('app://tagsim/')).toBe(true);
    expect(isAppUrl('app://tagsim/a?b#c')).toBe(true);
    for (const url of [
      'app://other/',
      'app://tagsim:8080/',
      'app://u@tagsim/',
      'http://tagsim/',
      'https://example.com/',
      'file:///index.html',
      'about:blank',
      'devtools://devtools/',
      'javascript:alert(1)',
      '',
      'not a url',
    ]) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });
});

describe('the protocol handler', () => {
  let dir: string;
  let handler: ReturnType<typeof createAppProtocolHandler>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tagsim-protocol-'));
    await mkdir(path.join(dir, 'renderer'));
    await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>TagSim</title>');
    await writeFile(path.join(dir, 'renderer', 'app.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'secret.js'), 'do not serve');
    await writeFile(path.join(dir, 'renderer', 'notes.txt'), 'not a renderer file');
    handler = createAppProtocolHandler({ rendererDir: path.join(dir, 'renderer'), readFile });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, method = 'GET') => handler({ url, method });

  it('serves the renderer files with their type and the CSP', async () => {
    const page = await get('app://tagsim/index.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<!doctype html><title>TagSim</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await get('app://tagsim/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(1)');
  });

  it('answers HEAD without a body', async () => {
    const head = await get('app://tagsim/app.js', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('refuses traversal, missing files and types the renderer does not ship with 404, never reading outside the folder', async () => {
    const renderer = path.join(dir, 'renderer');
    const read = vi.fn((file: string) => {
      expect(file.startsWith(`${renderer}${path.sep}`), file).toBe(true);
      return readFile(file);
    });
    const guarded = createAppProtocolHandler({ rendererDir: path.join(dir, 'renderer'), readFile: read });
    for (const url of [
      'app://tagsim/../secret.js',
      'app://tagsim/%2e%2e/secret.js',
      'app://tagsim/..%2fsecret.js',
      'app://tagsim/..%5csecret.js',
      'app://other/index.html',
      'app://tagsim/notes.txt',
    ]) {
      const response = await guarded({ url, method: 'GET' });
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
    expect(read.mock.calls.map(([file]) => path.relative(renderer, file))).toStrictEqual([
      'secret.js',
      'secret.js',
    ]);
    expect((await guarded({ url: 'app://tagsim/missing.js', method: 'GET' })).status).toBe(404);
  });

  it('refuses other methods with 405', async () => {
    expect((await get('app://tagsim/index.html', 'POST')).status).toBe(405);
  });
});

describe('the scheme and its policy', () => {
  it('registers app: as standard and secure, and nothing more', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerPrivilegedSchemes(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true } },
    ]);
    expect(PRIVILEGED_SCHEMES).toHaveLength(1);
  });
});
