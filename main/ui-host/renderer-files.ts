import path from 'node:path';

/**
 * The renderer's files as both of its hosts serve them: the desktop window's `app://` scheme and
 * the browser UI at `/ui/` of `tagsim serve --ui`. One policy, one list of types and one path guard,
 * so that the two windows cannot drift apart (docs/security.md).
 */

/** The page may load only its own script, styles and images and talk only to its own origin. */
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
