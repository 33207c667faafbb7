import type { Context } from 'koa';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Answers with a JSON body. Serialising here, with the full Content-Type spelled out, skips
 * Koa's per-response MIME lookup and type sniffing: measurable on the hottest routes.
 */
export function sendJson(ctx: Context, value: unknown, status = 200): void {
  ctx.status = status;
  ctx.set('Content-Type', JSON_CONTENT_TYPE);
  ctx.body = JSON.stringify(value);
}
