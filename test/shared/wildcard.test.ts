// docs/api.md, "Listing filters": the `name` filter is a whole-name, case-insensitive wildcard match.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compileWildcard } from '../../shared/core/wildcard.js';

const matches = (pattern: string, name: string): boolean => compileWildcard(pattern)(name);

/** Reference matcher: dynamic programming over code points, `*` any run, `?` exactly one. */
function referenceMatch(pattern: string, name: string): boolean {
  const p = Array.from(pattern);
  const n = Array.from(name).map((ch) => ch.toLowerCase());
  // row[j]: does the pattern prefix read so far match the first j characters of the name?
  let row = n.map(() => false);
  row.unshift(true);
  for (const pc of p) {
    const next = row.map(() => false);
    if (pc === '*') {
      let seen = false;
      for (let j = 0; j <= n.length; j++) {
        seen ||= row[j]!;
        next[j] = seen;
      }
    } else {
      for (let j = 1; j <= n.length; j++) {
        next[j] = row[j - 1]! && (pc === '?' || pc.toLowerCase() === n[j - 1]);
      }
    }
    row = next;
  }
  return row[n.length]!;
}

describe('compileWildcard', () => {
  it('without wildcards is case-insensitive equality, not a substring test', () => {
    expect(matches('Counter', 'Counter')).toBe(true);
    expect(matches('counter', 'COUNTER')).toBe(true);
    expect(matches('Count', 'Counter')).toBe(false);
    expect(matches('ounte', 'Counter')).toBe(false);
    expect(matches('Counter', 'My Counter')).toBe(false);
    expect(matches('Run', 'FACTORY I/O (Run)')).toBe(false);
  });

  it('`*` matches any run of characters, also none', () => {
    expect(matches('FACTORY I/O*', 'FACTORY I/O (Run)')).toBe(true);
    expect(matches('*(run)', 'FACTORY I/O (Run)')).toBe(true);
    expect(matches('*sensor*', 'High sensor')).toBe(true);
    expect(matches('Load*', 'Load')).toBe(true);
    expect(matches('*', '')).toBe(true);
    expect(matches('*', 'anything at all')).toBe(true);
    expect(matches('a*c', 'ab')).toBe(false);
  });

  it('`?` matches exactly one character', () => {
    expect(matches('Loa?', 'Load')).toBe(true);
    expect(matches('Loa?', 'Loa')).toBe(false);
    expect(matches('Loa?', 'Loads')).toBe(false);
    expect(matches('?', '😀')).toBe(true); // one code point, not one UTF-16 unit
    expect(matches('??', '😀')).toBe(false);
    expect(matches('a?b', 'a\nb')).toBe(true);
  });

  it('treats every other character literally', () => {
    expect(matches('Transf. right', 'Transf. right')).toBe(true);
    expect(matches('Transf. right', 'TransfX right')).toBe(false);
    expect(matches('(a)', '(a)')).toBe(true);
    expect(matches('(a)', 'a')).toBe(false);
    expect(matches('[ab]', 'a')).toBe(false);
    expect(matches('[ab]', '[AB]')).toBe(true);
    expect(matches('a+', 'aa')).toBe(false);
    expect(matches('a+', 'A+')).toBe(true);
    expect(matches('^a$', '^a$')).toBe(true);
    expect(matches('a|b', 'a')).toBe(false);
    expect(matches('a{2}', 'aa')).toBe(false);
    expect(matches('a{2}', 'a{2}')).toBe(true);
    expect(matches('a\\d', 'a\\d')).toBe(true);
    expect(matches('a\\d', 'a1')).toBe(false);
    expect(matches('I/O', 'i/o')).toBe(true);
  });

  it('is case-insensitive for wildcards and literals alike', () => {
    expect(matches('factory i/o (*)', 'FACTORY I/O (Reset)')).toBe(true);
    expect(matches('HIGH SENS?R', 'High sensor')).toBe(true);
    expect(matches('été', 'ÉTÉ')).toBe(true);
  });

  it('agrees with a reference matcher on random names and patterns', () => {
    const letters = ['a', 'A', 'b', 'B', 'z', 'é', 'É', ' ', '/', '\n', '😀'];
    const meta = ['.', '(', ')', '[', ']', '+', '^', '$', '|', '\\', '{', '}', '-'];
    const nameChar = fc.constantFrom(...letters, ...meta, '*', '?');
    const patternChar = fc.constantFrom(...letters, ...meta, '*', '?', '*', '?');
    const name = fc.string({ unit: nameChar, maxLength: 8 });
    const pattern = fc.string({ unit: patternChar, maxLength: 8 });
    // Patterns derived from a name (with some characters swapped for wildcards or recased) make
    // matches frequent enough to test both answers.
    const derived = name.chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc
          .array(fc.constantFrom('keep', 'star', 'any', 'upper', 'lower', 'drop'), {
            minLength: Array.from(n).length,
            maxLength: Array.from(n).length,
          })
          .map((ops) =>
            Array.from(n)
              .map((ch, i) => {
                const op = ops[i];
                if (op === 'star') return '*';
                if (op === 'any') return '?';
                if (op === 'upper') return ch.toUpperCase();
                if (op === 'lower') return ch.toLowerCase();
                if (op === 'drop') return '';
                return ch;
              })
              .join(''),
          ),
      ),
    );
    fc.assert(
      fc.property(fc.oneof(fc.tuple(name, pattern), derived), ([n, p]) => {
        expect(matches(p, n)).toBe(referenceMatch(p, n));
      }),
      { numRuns: 1000 },
    );
  });

  it('answers at once for patterns that make a backtracking matcher take exponential time', () => {
    // With a regular expression, 12 stars took seconds and 18 minutes: the test would time out.
    const stars = '*'.repeat(40);
    expect(matches(`${stars}!`, 'a'.repeat(200))).toBe(false);
    expect(matches(`${'*a'.repeat(30)}!`, 'a'.repeat(200))).toBe(false);
    expect(matches(`${'?*'.repeat(30)}b`, `${'a'.repeat(199)}b`)).toBe(true);
    expect(matches(`${stars}a${stars}`, 'x'.repeat(5000))).toBe(false);
  });

  it('is not a substring test even with stars in the middle', () => {
    expect(matches('a*b*c', 'aXbYc')).toBe(true);
    expect(matches('a*b*c', 'aXbYcd')).toBe(false);
    expect(matches('a*b*c', 'xaXbYc')).toBe(false);
    expect(matches('ab*ba', 'aba')).toBe(false);
    expect(matches('a**', 'a')).toBe(true);
  });

  it('matches any literal name against itself and against no proper prefix or suffix', () => {
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((s) => !/[*?]/.test(s));
    fc.assert(
      fc.property(text, (n) => {
        expect(matches(n, n)).toBe(true);
        const chars = Array.from(n);
        if (chars.length > 1) {
          expect(matches(chars.slice(1).join(''), n)).toBe(false);
          expect(matches(chars.slice(0, -1).join(''), n)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
