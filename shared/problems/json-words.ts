/**
 * How every validator (scenes, snapshots, scenarios, labs, schedules, chaos rules, behaviours,
 * conditions) describes JSON values and misspelt fields in its messages, so that every file of
 * TagSim reports problems in the same words.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The value a record holds under `key` as its own field, or undefined: the one way to look up a
 * word a person wrote in a plain object, so that `constructor`, `toString` or `__proto__` finds
 * nothing rather than what every object inherits (keep data keyed by a user's names in a Map).
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** "an array", "null", "string \"abc\"": what a value is, for "got ..." in a message. */
export function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${show(value)}`;
}

/** As kindOf, but an empty list is told apart: where a list must not be empty, that is the problem. */
export function listKindOf(value: unknown): string {
  return Array.isArray(value) && value.length === 0 ? 'an empty array' : kindOf(value);
}

/** A value as JSON, cut to 40 characters. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text =
    typeof value === 'function' || typeof value === 'symbol' ? String(value) : shortJson(value, 40);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/**
 * `JSON.stringify(value)`, written only until it is longer than `max` characters: a value nested
 * 60,000 deep, or 16 MiB of it, costs no more than a short one (JSON.stringify of the first would
 * overflow the stack, and of the second copy it all to show 40 characters).
 */
function shortJson(value: unknown, max: number): string {
  let out = '';
  const write = (item: unknown): void => {
    if (out.length > max) return;
    if (
      item === null ||
      typeof item !== 'object' ||
      typeof (item as { toJSON?: unknown }).toJSON === 'function'
    ) {
      out += JSON.stringify(item) ?? 'null';
    } else if (Array.isArray(item)) {
      out += '[';
      for (let i = 0; i < item.length && out.length <= max; i++) {
        if (i > 0) out += ',';
        const element: unknown = item[i];
        write(
          element === undefined || typeof element === 'function' || typeof element === 'symbol'
            ? null
            : element,
        );
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const [key, field] of Object.entries(item)) {
        if (out.length > max) break;
        if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
        out += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        write(field);
      }
      out += '}';
    }
  };
  write(value);
  return out;
}

/** Levenshtein distance, for "did you mean ...?" hints. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * The known word a misspelt one most likely means: a word cut short ("wait", "timeout") means the
 * word it starts; otherwise letter case and one or two typos (one for words of up to 4 letters).
 */
export function closest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const started = lower.length >= 3 ? known.find((w) => w.toLowerCase().startsWith(lower)) : undefined;
  if (started) return started;
  let best: { word: string; distance: number } | undefined;
  for (const word of known) {
    const distance = editDistance(lower, word.toLowerCase());
    const allowed = word.length <= 4 ? 1 : 2;
    if (distance <= allowed && (!best || distance < best.distance)) best = { word, distance };
  }
  return best?.word;
}

/**
 * Reports each field of `record` that is not `known` (`$schema` is allowed, never suggested), with
 * the field it most likely means. `knownLabel` introduces the list: "known fields", or "known
 * fields here" where a file has several kinds of object.
 */
export function unknownFields(
  record: Record<string, unknown>,
  known: readonly string[],
  prefix: string,
  report: (path: string, message: string) => void,
  knownLabel = 'known fields',
): void {
  const listed = known.filter((k) => k !== '$schema');
  for (const key of Object.keys(record)) {
    if (known.includes(key)) continue;
    const meant = closest(key, listed);
    report(
      `${prefix}${key}`,
      meant
        ? `unknown field; did you mean '${meant}'? (${knownLabel}: ${listed.join(', ')})`
        : `unknown field; remove it (${knownLabel}: ${listed.join(', ')})`,
    );
  }
}
