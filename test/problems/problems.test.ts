import { describe, expect, it } from 'vitest';
import { errorMessage, errorStack, printable, PRINTABLE_MAX } from '../../shared/problems/message-text.js';
import {
  andMore,
  firstProblemLines,
  formatProblem,
  ValidationError,
} from '../../shared/problems/problem-list.js';

describe('a list of problems', () => {
  it('is one error that names the text, what it should have been and every problem', () => {
    const error = new ValidationError(
      [
        { path: 'tags[0].type', message: 'unknown type "Bool"' },
        { path: 'name', message: 'missing' },
      ],
      'lab.json',
      'lab',
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe(
      'lab.json is not a valid lab (2 problems):\n  tags[0].type: unknown type "Bool"\n  name: missing',
    );
    expect(new ValidationError([{ path: '(file)', message: 'empty' }]).message).toBe(
      'Not a valid scene (1 problem):\n  (file): empty',
    );
  });

  it('places each problem before its message', () => {
    expect(formatProblem({ path: 'tags[3].address', message: '600 is outside 0-511' })).toBe(
      'tags[3].address: 600 is outside 0-511',
    );
  });

  it('says how many were left out, with the noun in the right number', () => {
    expect(andMore(1, 'problem')).toBe('and 1 more problem');
    expect(andMore(3, 'problem')).toBe('and 3 more problems');
    expect(andMore(7)).toBe('and 7 more');
  });

  it('shows the first lines of a long list and counts the rest', () => {
    const lines = ['a', 'b', 'c', 'd'];
    expect(firstProblemLines(lines, 4)).toEqual(lines);
    expect(firstProblemLines(lines, 3)).toEqual(['a', 'b', 'c', '… and 1 more problem']);
    expect(firstProblemLines(lines, 1)).toEqual(['a', '… and 3 more problems']);
  });
});

describe('message text', () => {
  it("tells an error's message, or a thrown value as text", () => {
    expect(errorMessage(new RangeError('too far'))).toBe('too far');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(42)).toBe('42');
    const error = new Error('broken');
    expect(errorStack(error)).toBe(error.stack);
    expect(errorStack(undefined)).toBe('undefined');
  });

  it("echoes a client's text with control characters escaped and a bounded length", () => {
    expect(printable('x-gzip')).toBe('x-gzip');
    expect(printable('a\nb"c\u0000')).toBe('a\\nb\\"c\\u0000');
    const long = 'z'.repeat(64 * 1024);
    expect(printable(long)).toBe(`${'z'.repeat(PRINTABLE_MAX)}...`);
    expect(printable('z'.repeat(PRINTABLE_MAX))).toBe('z'.repeat(PRINTABLE_MAX));
  });
});
