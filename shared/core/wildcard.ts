/**
 * Compiles the `name` filter of `GET /api/tags`: a whole-name, case-insensitive match where `*`
 * matches any run of characters (also none) and `?` exactly one; every other character is literal.
 */
export function compileWildcard(pattern: string): (name: string) => boolean {
  let source = '';
  for (const ch of pattern) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else source += ch.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  }
  // `s` so that wildcards also match line breaks, `u` so that `?` is one code point.
  const regex = new RegExp(`^${source}$`, 'isu');
  return (name) => regex.test(name);
}
