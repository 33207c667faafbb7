import path from 'node:path';

/**
 * The window's pages come from the packaged files through a custom scheme, `app://tagsim/...`,
 * never from a web server or `file://`: the origin is fixed, so the IPC host can check it, and
 * the CSP's 'self' means exactly our files.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tagsim';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the window loads. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** Sent with every page and script the scheme serves. Nothing remote, nothing inline. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `app:` is standard (relative URLs, an origin) and secure (like https). Nothing more. */
export const PRIVILEGED_SCHEMES = [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }];

/** The part of Electron's `protocol` module used here. */
export interface ProtocolLike {
  registerSchemesAsPrivileged(
    schemes: { scheme: string; privileges: { standard: boolean; secure: boolean } }[],
  ): void;
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
  unhandle(scheme: string): void;
}

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerPrivilegedSchemes(protocol: Pick<ProtocolLike, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([...PRIVILEGED_SCHEMES]);
}

/** True for a URL of our own pages: `app://tagsim/...`, with no user, password or port. */
export function isAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    // Chromium lower-cases the host of a standard scheme; Node's URL keeps it as written.
    parsed.host.toLowerCase() === APP_HOST &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/**
 * The file a URL of the scheme names, inside `rendererDir`, or `undefined` when it names nothing
 * we serve: another host, an undecodable or traversing path (`..`, `%2e%2e%2f`, backslashes,
 * drive letters, NUL), or anything outside the folder. `/` is `index.html`.
 */
export function resolveRendererFile(
  rendererDir: string,
  url: string,
  pathApi: Pick<typeof path, 'resolve' | 'relative' | 'isAbsolute'> = path,
): string | undefined {
  if (!isAppUrl(url)) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  // Backslashes and colons have no business in our file names, and on Windows they are how a
  // path escapes (`..\`, `C:`, `file::$DATA`); NUL truncates paths in native code.
  if (/[\\:\0]/.test(pathname)) return undefined;
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length === 0 || segments.some((s) => s === '.' || s === '..')) return undefined;
  const root = pathApi.resolve(rendererDir);
  const file = pathApi.resolve(root, ...segments);
  const relative = pathApi.relative(root, file);
  if (relative === '' || relative.startsWith('..') || pathApi.isAbsolute(relative)) return undefined;
  return file;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The MIME type of a file we serve, by extension. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers on every response of the scheme, errors included. */
function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  };
}

export interface AppProtocolOptions {
  /** The folder of the built renderer (dist/renderer); nothing outside it is ever served. */
  rendererDir: string;
  /** Reads a file (Electron's fs reads inside app.asar too). */
  readFile: (file: string) => Promise<Uint8Array>;
}

/**
 * The handler of `app://`: GET and HEAD of files under `rendererDir`, with the CSP header.
 * Anything else is 404 (unknown or refused path) or 405 (another method).
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Pick<Request, 'url' | 'method'>) => Promise<Response> {
  const refuse = (status: number, statusText: string) =>
    new Response(null, { status, statusText, headers: securityHeaders() });
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'Method Not Allowed');
    const file = resolveRendererFile(options.rendererDir, request.url);
    if (file === undefined) return refuse(404, 'Not Found');
    let body: Uint8Array;
    try {
      body = await options.readFile(file);
    } catch {
      return refuse(404, 'Not Found');
    }
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: { ...securityHeaders(), 'Content-Type': contentTypeOf(file) },
    });
  };
}
