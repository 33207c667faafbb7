// How every file message shows a value ("got ..."): the value's JSON, cut to 40 characters, and
// never more work than that, whatever the value (found by the control API's hostile suite: a body
// nested thousands deep overflowed the stack when a message showed it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { show } from '../../shared/problems/json-words.js';

const cut = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}...` : text);

describe('show', () => {
  it('is the JSON of the value, cut to 40 characters', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(show(value)).toBe(cut(JSON.stringify(value)));
      }),
      { numRuns: 500 },
    );
    expect(show(undefined)).toBe('nothing');
    expect(show({ a: undefined, b: [undefined, NaN], c: new Date(0) })).toBe(
      cut(JSON.stringify({ a: undefined, b: [undefined, NaN], c: new Date(0) })),
    );
  });

  it('shows a value nested 100,000 deep, or of millions of items, at once', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(show(deep)).toBe(`${'['.repeat(37)}...`);
    const wide = Array.from({ length: 2_000_000 }, (_, i) => i);
    expect(show(wide)).toBe('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,1...');
    expect(show({ rules: deep })).toBe(`{"rules":${'['.repeat(28)}...`);
  });
});
