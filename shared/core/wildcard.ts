/**
 * Compiles the `name` filter of `GET /api/tags` (and of the window's filter box): a whole-name,
 * case-insensitive match where `*` matches any run of characters (also none) and `?` exactly one
 * code point; every other character is literal.
 *
 * Why not a regular expression: a pattern such as `************!` makes a backtracking engine try
 * every way of splitting the name among the stars, which blocked the server for seconds (minutes
 * with a few more stars) while every other client waited. Here the pattern is cut at its stars into
 * fixed pieces; the first piece must start the name, the last must end it, and each piece between
 * is taken at its leftmost place after the previous one. Leftmost is always safe (a later place
 * leaves less room for what follows), so nothing is ever undone: the cost is at most the name's
 * length times the pattern's, whatever the pattern.
 */
export function compileWildcard(pattern: string): (name: string) => boolean {
  const pieces = foldedCodePoints(pattern).reduce<string[][]>(
    (acc, ch) => {
      if (ch === '*') acc.push([]);
      else acc[acc.length - 1]!.push(ch);
      return acc;
    },
    [[]],
  );
  const hasStar = pieces.length > 1;
  const fixedLength = pieces.reduce((sum, piece) => sum + piece.length, 0);

  return (name) => {
    const text = foldedCodePoints(name);
    // Every character that is not a star consumes one of the name's: too short a name cannot match.
    if (hasStar ? text.length < fixedLength : text.length !== fixedLength) return false;
    const first = pieces[0]!;
    if (!matchesAt(text, first, 0)) return false;
    if (!hasStar) return true;
    const last = pieces[pieces.length - 1]!;
    const lastStart = text.length - last.length;
    if (!matchesAt(text, last, lastStart)) return false;
    let from = first.length;
    for (let i = 1; i < pieces.length - 1; i++) {
      const at = leftmost(text, pieces[i]!, from, lastStart);
      if (at < 0) return false;
      from = at + pieces[i]!.length;
    }
    return from <= lastStart;
  };
}

/** The code points of a text, each lower-cased on its own (so `?` always stands for one). */
function foldedCodePoints(text: string): string[] {
  return Array.from(text, (ch) => {
    const lower = ch.toLowerCase();
    return Array.from(lower).length === 1 ? lower : ch;
  });
}

function matchesAt(text: readonly string[], piece: readonly string[], at: number): boolean {
  for (let k = 0; k < piece.length; k++) {
    const p = piece[k]!;
    if (p !== '?' && p !== text[at + k]) return false;
  }
  return true;
}

/** The first place at or after `from` where `piece` fits and ends by `end`, or -1. */
function leftmost(text: readonly string[], piece: readonly string[], from: number, end: number): number {
  for (let at = from; at + piece.length <= end; at++) if (matchesAt(text, piece, at)) return at;
  return -1;
}
