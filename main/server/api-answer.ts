import type { ServerResponse } from 'node:http';
import type { Context } from 'koa';
import type { RequestErrorBody } from '../../shared/api/routes.js';
import type { ItemError } from '../../shared/core/tag-engine.js';
import { ApiError } from './api-error.js';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * What the tag API answers: a status and a JSON body (text, or bytes kept from an earlier answer).
 * A `Content-Type` among its headers stands for JSON's (the lab dashboard's reports).
 */
export interface ApiAnswer {
  readonly status: number;
  readonly body: string | Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  /** The per-item errors the body lists, for the journal (a batch's answer). */
  readonly itemErrors?: readonly ItemError[];
}

/** A 200 answer with this JSON text as it is. */
export function jsonTextAnswer(body: string | Buffer): ApiAnswer {
  return { status: 200, body };
}

/** A batch's answer: the items that failed (`[]` when every item applied). */
export function itemErrorsAnswer(errors: readonly ItemError[]): ApiAnswer {
  // Most batches succeed: their answer needs no encoding.
  return { status: 200, body: errors.length === 0 ? '[]' : JSON.stringify(errors), itemErrors: errors };
}

/** An answer of `value` as JSON. */
export function jsonAnswer(value: unknown, status = 200): ApiAnswer {
  return { status, body: JSON.stringify(value) };
}

/** A whole-request error: `{"code": <status>, "error": "<message>"}`. */
export function errorAnswer(
  status: number,
  message: string,
  headers?: Readonly<Record<string, string>>,
): ApiAnswer {
  const body: RequestErrorBody = { code: status, error: message };
  return { ...jsonAnswer(body, status), ...(headers ? { headers } : {}) };
}

/**
 * The answer to a request that failed: a thrown ApiError, an error with a client status from
 * Koa's own stack, or anything unexpected (500, reported through `onUnexpected`; the server keeps
 * serving). `applied` tells whether the request had already changed the tags.
 */
export function answerToFailure(
  error: unknown,
  applied: boolean,
  onUnexpected: (error: unknown) => void,
): ApiAnswer {
  if (error instanceof ApiError) return errorAnswer(error.status, error.message, error.headers);
  if (isClientHttpError(error)) return errorAnswer(error.status, error.message);
  onUnexpected(error);
  // Only say "not applied" when it is true: a client that retries a write it believes lost must know.
  return errorAnswer(
    500,
    applied
      ? 'Internal error in TagSim after the request was applied; read the tags to see its effect.'
      : 'Internal error in TagSim; the request was not applied.',
  );
}

/**
 * Sends an answer through Koa. The full Content-Type spelled out skips Koa's per-response MIME
 * lookup and type sniffing: measurable on the hottest routes.
 */
export function sendAnswer(ctx: Context, answer: ApiAnswer): void {
  ctx.status = answer.status;
  if (answer.headers) ctx.set(answer.headers);
  ctx.set('Content-Type', answer.headers?.['Content-Type'] ?? JSON_CONTENT_TYPE);
  ctx.body = answer.body;
}

/** Writes an answer on a bare `node:http` response, with the very headers sendAnswer gives. */
export function writeAnswer(res: ServerResponse, answer: ApiAnswer): void {
  const length = typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length;
  res.writeHead(answer.status, {
    ...answer.headers,
    'Content-Type': answer.headers?.['Content-Type'] ?? JSON_CONTENT_TYPE,
    'Content-Length': length,
  });
  res.end(answer.body);
}

/** Errors from Koa's own stack (http-errors) that describe the request, not a bug. */
function isClientHttpError(error: unknown): error is { status: number; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true;
}
