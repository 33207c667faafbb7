/**
 * Reading hand-edited JSON files (scenes, state snapshots, scenarios, labs, chaos rules) with
 * errors a person can act on: the line and column of the first mistake, an empty file called
 * empty, a byte order mark (which Windows editors add) ignored.
 */

import { errorMessage } from './message-text.js';

/** Text without a leading UTF-8 byte order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The parsed value, or the one-line reason the text is not JSON ("not valid JSON at line 3, ..."). */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const body = stripBom(text);
  try {
    return { ok: true, value: JSON.parse(body) as unknown };
  } catch (error) {
    return { ok: false, message: describeJsonError(body, error) };
  }
}

function describeJsonError(text: string, error: unknown): string {
  if (text.trim() === '') return 'the file is empty';
  const raw = errorMessage(error);
  // V8 words it "... in JSON at position 13 (line 2 column 3)", or "Unexpected token 'x', "xyz"
  // is not valid JSON" with no position; keep the reason, find the place ourselves if needed.
  const reason = raw
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*"(\.\.\.)? is not valid JSON$/s, '')
    .replace(/^Unexpected end of JSON input$/, 'the file ends too early (a missing } or ]?)');
  const given = /at position (\d+)/.exec(raw)?.[1];
  const position = given !== undefined ? Number(given) : firstErrorOffset(text);
  if (position === undefined) return `not valid JSON: ${reason}`;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `not valid JSON at line ${line}, column ${column}: ${reason}${hint(text, position)}`;
}

/** A likely fix for the common mistakes of hand editing. */
function hint(text: string, position: number): string {
  const ch = text[position];
  if (ch === "'") return ' (JSON strings take double quotes)';
  if (ch === '/' && (text[position + 1] === '/' || text[position + 1] === '*'))
    return ' (JSON has no comments; put notes in a "description")';
  if ((ch === '}' || ch === ']') && /,\s*$/.test(text.slice(0, position)))
    return ' (remove the comma before it)';
  return '';
}

/**
 * The offset of the first character a strict JSON reader refuses, or `undefined` when it finds
 * none. Only runs after JSON.parse has failed, so it need not build anything.
 */
function firstErrorOffset(text: string): number | undefined {
  let i = 0;
  class Stop {
    constructor(readonly at: number) {}
  }
  const fail = (at = i): never => {
    throw new Stop(at);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') {
        i++;
        return;
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i);
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else fail(i);
      } else if (ch < ' ') fail();
      else i++;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    i += match![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    } else if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    } else if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
    else fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : undefined;
  } catch (stop) {
    if (stop instanceof Stop) return Math.min(stop.at, text.length);
    throw stop;
  }
}
