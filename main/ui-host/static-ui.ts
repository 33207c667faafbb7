import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Middleware } from 'koa';
import { isAllowedHost } from './request-guard.js';

export const UI_PATH = '/ui/';

/** The page may load only its own script, styles and images and talk only to its own origin. */
export const UI_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Resolves a URL path under /ui/ to a file inside `rootDir`, or `undefined` for anything that
 * would leave it (`..`, encoded slashes, absolute paths) or has a type the UI does not ship.
 */
export function resolveUiFile(rootDir: string, urlPath: string): string | undefined {
  if (!urlPath.startsWith(UI_PATH)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath.slice(UI_PATH.length)) || 'index.html';
  } catch {
    return undefined;
  }
  if (
    relative.includes('\0') ||
    relative.includes('\\') ||
    relative.split('/').some((part) => part === '..')
  ) {
    return undefined;
  }
  const root = normalize(rootDir.endsWith(sep) ? rootDir : rootDir + sep);
  const file = normalize(join(root, relative));
  if (!file.startsWith(root) || CONTENT_TYPES[extname(file)] === undefined) return undefined;
  return file;
}

/** Serves the renderer bundle at /ui/ with a strict CSP; every other path goes on to the API. */
export function staticUi(rootDir: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/ui') {
      ctx.redirect(`${UI_PATH}${ctx.search}`);
      return;
    }
    if (!ctx.path.startsWith(UI_PATH)) return next();
    if (!isAllowedHost(ctx.get('host'))) {
      ctx.status = 403;
      ctx.body = { code: 403, error: 'The TagSim UI answers only to localhost or an IP address.' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = {
        code: 405,
        error: `Method ${ctx.method} is not allowed on ${ctx.path}. Allowed: GET, HEAD.`,
      };
      return;
    }
    const file = resolveUiFile(rootDir, ctx.path);
    const content = file && (await readFile(file).catch(() => undefined));
    if (!file || !content) {
      ctx.status = 404;
      ctx.body = { code: 404, error: `No such UI file: ${ctx.path}` };
      return;
    }
    ctx.set('Content-Security-Policy', UI_CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = CONTENT_TYPES[extname(file)]!;
    ctx.body = content;
  };
}
