import { answerRendererFile, resolveRendererFile } from '../ui-host/renderer-files.js';

/**
 * The window's pages come from the packaged files through a custom scheme, `app://tagsim/...`,
 * never from a web server or `file://`: the origin is fixed, so the IPC host can check it, and
 * the CSP's 'self' means exactly our files. Files, types, headers and the pages' policy are the
 * browser UI's own (renderer-files.ts answers; this only turns the answer into a Response).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'tagsim';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the window loads. */
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

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
 * The file a URL of the scheme names inside `rendererDir` (resolveRendererFile's rules; `/` is
 * `index.html`), or `undefined` for another host or anything that file guard refuses.
 */
export function resolveAppUrl(
  rendererDir: string,
  url: string,
  pathApi?: Parameters<typeof resolveRendererFile>[2],
): string | undefined {
  const path = rendererPathOf(url);
  return path === undefined ? undefined : resolveRendererFile(rendererDir, path, pathApi);
}

/** The renderer's own path in a URL of the scheme, or `undefined` for any other URL. */
function rendererPathOf(url: string): string | undefined {
  return isAppUrl(url) ? new URL(url).pathname : undefined;
}

export interface AppProtocolOptions {
  /** The folder of the built renderer (dist/renderer); nothing outside it is ever served. */
  rendererDir: string;
  /** Reads a file (Electron's fs reads inside app.asar too). */
  readFile: (file: string) => Promise<Uint8Array>;
}

const STATUS_TEXT = { 200: 'OK', 404: 'Not Found', 405: 'Method Not Allowed' } as const;

/**
 * The handler of `app://`: GET and HEAD of files under `rendererDir`, with the CSP header.
 * Anything else is 404 (unknown or refused path) or 405 (another method).
 */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Pick<Request, 'url' | 'method'>) => Promise<Response> {
  return async (request) => {
    const path = rendererPathOf(request.url);
    const answer = await answerRendererFile(options.rendererDir, request.method, path, options.readFile);
    const body = request.method === 'HEAD' || answer.body === undefined ? null : answer.body;
    return new Response(body, {
      status: answer.status,
      statusText: STATUS_TEXT[answer.status],
      headers: { ...answer.headers },
    });
  };
}
