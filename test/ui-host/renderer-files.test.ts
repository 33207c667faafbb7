// The renderer's files as both windows get them (docs/security.md): the desktop's app:// scheme
// and the browser UI at /ui/ share one CSP, one list of types and one path guard.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentTypeOf,
  RENDERER_HEADERS,
  resolveRendererFile,
} from '../../main/ui-host/renderer-files.js';

const DIR = '/opt/tagsim/dist/renderer';

describe('the policy', () => {
  it('allows only our own script, styles, images and origin', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(RENDERER_HEADERS).toStrictEqual({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-cache',
    });
  });
});

describe('contentTypeOf', () => {
  it('knows the types the renderer ships, and no others', () => {
    expect(contentTypeOf('a/index.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('app.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('app.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('app.js.map')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('icon.png')).toBe('image/png');
    expect(contentTypeOf('font.woff2')).toBe('font/woff2');
    expect(contentTypeOf('unknown.bin')).toBeUndefined();
    expect(contentTypeOf('README')).toBeUndefined();
  });
});

describe('resolveRendererFile', () => {
  it('maps a path into the folder; / is index.html', () => {
    expect(resolveRendererFile(DIR, '/')).toBe(`${DIR}/index.html`);
    expect(resolveRendererFile(DIR, '')).toBe(`${DIR}/index.html`);
    expect(resolveRendererFile(DIR, '/app.js')).toBe(`${DIR}/app.js`);
    expect(resolveRendererFile(DIR, '/fonts/a%20b.woff2')).toBe(`${DIR}/fonts/a b.woff2`);
  });

  it.each([
    ['a parent segment', '/../package.json'],
    ['an encoded parent segment', '/%2e%2e/package.json'],
    ['percent-encoded slashes', '/..%2f..%2fpackage.json'],
    ['backslashes', '/..%5c..%5cpackage.json'],
    ['a drive letter', '/C:/Windows/win.js'],
    ['an NTFS stream', '/index.html::$DATA'],
    ['a NUL byte', '/index.html%00.png'],
    ['broken percent-encoding', '/%E0%A4%A'],
    ['a type the renderer does not ship', '/notes.txt'],
    ['a file with no type', '/etc/passwd'],
  ])('refuses %s', (_name, urlPath) => {
    expect(resolveRendererFile(DIR, urlPath)).toBeUndefined();
  });

  it('decodes once: a double-encoded traversal is an odd file name inside the folder', () => {
    expect(resolveRendererFile(DIR, '/%252e%252e%252fpackage.json')).toBe(`${DIR}/%2e%2e%2fpackage.json`);
  });

  it('stays inside a Windows folder too', () => {
    const win = 'C:\\Program Files\\TagSim\\resources\\app.asar\\dist\\renderer';
    expect(resolveRendererFile(win, '/app.js', path.win32)).toBe(`${win}\\app.js`);
    expect(resolveRendererFile(win, '/..%5capp.asar.js', path.win32)).toBeUndefined();
    expect(resolveRendererFile(win, '/D:%2fx.js', path.win32)).toBeUndefined();
  });
});
