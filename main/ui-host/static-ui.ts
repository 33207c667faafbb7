import type { Middleware } from 'koa';
import { answerRendererFile, RENDERER_HEADERS, resolveRendererFile } from './renderer-files.js';
import { isAllowedHost } from './request-guard.js';

export const UI_PATH = '/ui/';

/**
 * The file a URL path under /ui/ names inside `rootDir` (resolveRendererFile's rules), or
 * `undefined` for a path outside /ui/ or anything that file guard refuses.
 */
export function resolveUiFile(rootDir: string, urlPath: string): string | undefined {
  const path = rendererPathOf(urlPath);
  return path === undefined ? undefined : resolveRendererFile(rootDir, path);
}

/** The renderer's own path in a URL path under /ui/ (`/ui/app.js` is `/app.js`). */
function rendererPathOf(urlPath: string): string | undefined {
  return urlPath.startsWith(UI_PATH) ? urlPath.slice(UI_PATH.length - 1) : undefined;
}

/** Serves the renderer bundle at /ui/ with a strict CSP; every other path goes on to the API. */
export function staticUi(rootDir: string): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/ui') {
      ctx.redirect(`${UI_PATH}${ctx.search}`);
      return;
    }
    if (!ctx.path.startsWith(UI_PATH)) return next();
    // Refusals carry the policy too, as the desktop window's app:// answers do.
    ctx.set(RENDERER_HEADERS);
    if (!isAllowedHost(ctx.get('host'))) {
      ctx.status = 403;
      ctx.body = { code: 403, error: 'The TagSim UI answers only to localhost or an IP address.' };
      return;
    }
    const answer = await answerRendererFile(rootDir, ctx.method, rendererPathOf(ctx.path));
    ctx.set(answer.headers);
    ctx.status = answer.status;
    if (answer.status === 405)
      ctx.body = {
        code: 405,
        error: `Method ${ctx.method} is not allowed on ${ctx.path}. Allowed: GET, HEAD.`,
      };
    else if (answer.status === 404) ctx.body = { code: 404, error: `No such UI file: ${ctx.path}` };
    else ctx.body = answer.body!;
  };
}
