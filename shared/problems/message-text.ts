/** Pieces of the messages a person reads: what an error says, and a client's text echoed safely. */

/** What an error says: its message, or the thrown value as text when it is no Error. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** As errorMessage, with the stack where there is one: for an internal error, which is a bug to report. */
export function errorStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Most characters of a client's text echoed in a message: enough to recognise what was sent (a
 * path, a header, an Origin), while a 64 KiB header cannot make the answer 64 KiB.
 */
export const PRINTABLE_MAX = 100;

/**
 * A client's text, safe to echo in a message: control characters escaped as in JSON (without the
 * quotes), cut to PRINTABLE_MAX characters with "..." after.
 */
export function printable(text: string): string {
  const escaped = JSON.stringify(text.slice(0, PRINTABLE_MAX)).slice(1, -1);
  return text.length > PRINTABLE_MAX ? `${escaped}...` : escaped;
}
