import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The renderer's files as all of their hosts serve them: the desktop window's `app://` scheme,
 * the browser UI at `/ui/` of `tagsim serve --ui` and the lab dashboard's page. One policy, one
 * list of types, one path guard and one answer, so that the windows cannot drift apart
 * (docs/security.md). Each host only adapts the answer to its server and words its refusals.
 */

/** The page may load only its own script, styles and images and talk only to its own origin. */
const POLICY_DIRECTIVES = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
];

/** The one Content-Security-Policy of every renderer page, sent as a header with every answer. */
export const CONTENT_SECURITY_POLICY = POLICY_DIRECTIVES.join('; ');

/**
 * The same policy as the pages also carry it, in a `<meta>` element (so a page keeps it wherever
 * it is opened), less `frame-ancestors`, which a `<meta>` cannot set (the header does).
 */
export const PAGE_POLICY = POLICY_DIRECTIVES.filter((d) => !d.startsWith('frame-ancestors')).join('; ');

/** Where a page's source (renderer/index.html, renderer/lab/index.html) wants its policy. */
export const POLICY_PLACEHOLDER = '<!-- tagsim:content-security-policy -->';

/** A page with its policy element in place of POLICY_PLACEHOLDER. */
export function withPagePolicy(html: string): string {
  return html.replace(
    POLICY_PLACEHOLDER,
    `<meta http-equiv="Content-Security-Policy" content="${PAGE_POLICY}" />`,
  );
}

/** Sent with every renderer file and every refusal: the CSP, no sniffing, no referrer, no stale copy. */
export const RENDERER_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

/** What the renderer ships; a file of any other type is not served, whatever the folder holds. */
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

/** The MIME type of a renderer file, by extension; undefined for a type the renderer does not ship. */
export function contentTypeOf(file: string): string | undefined {
  return CONTENT_TYPES[path.extname(file).toLowerCase()];
}

/**
 * The file that a URL path (still percent-encoded, relative to where the renderer is served: `/`
 * is `index.html`) names inside `rendererDir`, or undefined when it names nothing served: an
 * undecodable or traversing path (`..`, `%2e%2e%2f`, backslashes, drive letters, NUL), anything
 * outside the folder, or a type the renderer does not ship.
 */
export function resolveRendererFile(
  rendererDir: string,
  urlPath: string,
  pathApi: Pick<typeof path, 'resolve' | 'relative' | 'isAbsolute'> = path,
): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(urlPath);
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
  return contentTypeOf(file) === undefined ? undefined : file;
}

/** A renderer file as a host sends it: refusals have no body, each host words its own. */
export interface RendererFileAnswer {
  readonly status: 200 | 404 | 405;
  /** RENDERER_HEADERS, with the file's Content-Type, or `Allow` on a 405. */
  readonly headers: Readonly<Record<string, string>>;
  /** The file (a page with its policy element); HEAD sends none of it. */
  readonly body?: Buffer;
}

/**
 * Answers a request for a renderer file: GET and HEAD only (405), the file `urlPath` names under
 * `rendererDir` (resolveRendererFile's rules; `undefined` names nothing) or 404, its type, the
 * headers, and for a page its policy element.
 */
export async function answerRendererFile(
  rendererDir: string,
  method: string,
  urlPath: string | undefined,
  read: (file: string) => Promise<Uint8Array> = readFile,
): Promise<RendererFileAnswer> {
  if (method !== 'GET' && method !== 'HEAD')
    return { status: 405, headers: { ...RENDERER_HEADERS, Allow: 'GET, HEAD' } };
  const file = urlPath === undefined ? undefined : resolveRendererFile(rendererDir, urlPath);
  const content = file === undefined ? undefined : await read(file).catch(() => undefined);
  if (file === undefined || content === undefined) return { status: 404, headers: { ...RENDERER_HEADERS } };
  const type = contentTypeOf(file)!;
  const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  const body = type.startsWith('text/html') ? Buffer.from(withPagePolicy(bytes.toString('utf8'))) : bytes;
  return { status: 200, headers: { ...RENDERER_HEADERS, 'Content-Type': type }, body };
}
