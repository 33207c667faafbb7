/**
 * A bridge result that has its JSON already: made as it was measured (a page of the journal,
 * serialised entry by entry within the listings' time budget). The WebSocket host sends that
 * text rather than serialising the result again in one go outside the budget; IPC and the
 * in-memory transport pass the object itself, which a symbol-keyed field does not change.
 */
const JSON_TEXT = Symbol('json text');

/** `value`, carrying `text`, which must be exactly `JSON.stringify(value)`. */
export function withJsonText<T extends object>(value: T, text: string): T {
  Object.defineProperty(value, JSON_TEXT, { value: text });
  return value;
}

/** The JSON a result carries, or undefined. */
export function jsonTextOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const text: unknown = (value as { [JSON_TEXT]?: unknown })[JSON_TEXT];
  return typeof text === 'string' ? text : undefined;
}
