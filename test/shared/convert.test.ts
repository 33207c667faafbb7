// docs/api.md, "Conversion of request values": conversion of a request `value` to the tag's type
// (.NET `Convert` rules).
import { describe, it, expect } from 'vitest';
import {
  convertTo,
  INT32_MAX,
  INT32_MIN,
  roundHalfToEven,
  toBit,
  toFloat,
  toInt,
} from '../../shared/core/convert.js';

/** Values rejected by every type: `null`, missing, objects, arrays. */
const NEVER_CONVERTIBLE: readonly unknown[] = [null, undefined, {}, { value: 1 }, [], [1], [true]];

describe('toBit', () => {
  it.each([
    [true, true],
    [false, false],
  ])('accepts the boolean %s', (input, expected) => {
    expect(toBit(input)).toBe(expected);
  });

  it.each([
    [0, false],
    [-0, false],
    [1, true],
    [-1, true],
    [0.5, true],
    [42, true],
    [-1e300, true],
    [Number.MIN_VALUE, true],
  ])('converts the number %s to %s (0 is false, any other is true)', (input, expected) => {
    expect(toBit(input)).toBe(expected);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['False', false],
    ['tRuE', true],
    [' TRUE ', true],
    ['\tfalse\n', false],
  ])('accepts the string %j in any case with surrounding spaces', (input, expected) => {
    expect(toBit(input)).toBe(expected);
  });

  it.each(['yes', 'no', '1', '0', '', '   ', 'on', 'tru', 'true!', 't r u e', 'truefalse'])(
    'rejects the string %j',
    (input) => {
      expect(toBit(input)).toBeUndefined();
    },
  );

  it.each(NEVER_CONVERTIBLE)('rejects %j', (input) => {
    expect(toBit(input)).toBeUndefined();
  });
});

describe('roundHalfToEven', () => {
  it.each([
    [2.5, 2],
    [3.5, 4],
    [0.5, 0],
    [1.5, 2],
    [-0.5, 0],
    [-1.5, -2],
    [-2.5, -2],
    [-3.5, -4],
    [2.4999, 2],
    [2.5001, 3],
    [-2.6, -3],
    [7, 7],
  ])('rounds %s to %s', (input, expected) => {
    expect(roundHalfToEven(input) + 0).toBe(expected); // + 0: the sign of a zero does not matter here
  });
});

describe('toInt', () => {
  it.each([
    [0, 0],
    [1, 1],
    [-1, -1],
    [123456, 123456],
    [2147483647, 2147483647],
    [-2147483648, -2147483648],
  ])('accepts the integer %s', (input, expected) => {
    expect(toInt(input)).toBe(expected);
  });

  it.each([
    [2.5, 2],
    [3.5, 4],
    [-2.5, -2],
    [-3.5, -4],
    [0.5, 0],
    [1.5, 2],
    [2.4, 2],
    [2.6, 3],
    [-2.6, -3],
    [2147483647.4, 2147483647],
    [-2147483648.5, -2147483648], // ties to the even -2147483648, still in range
  ])('rounds the non-integral %s half-to-even to %s', (input, expected) => {
    expect(toInt(input)).toBe(expected);
  });

  it('never yields -0', () => {
    expect(Object.is(toInt(-0), 0)).toBe(true);
    expect(Object.is(toInt(-0.5), 0)).toBe(true);
    expect(Object.is(toInt(-0.2), 0)).toBe(true);
    expect(Object.is(toInt('-0'), 0)).toBe(true);
  });

  it.each([
    [true, 1],
    [false, 0],
  ])('converts the boolean %s to %s', (input, expected) => {
    expect(toInt(input)).toBe(expected);
  });

  it.each([
    ['12', 12],
    ['  12 ', 12],
    ['-7', -7],
    ['+7', 7],
    ['007', 7],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
    ['\t5\n', 5],
  ])('accepts the base-10 integer string %j', (input, expected) => {
    expect(toInt(input)).toBe(expected);
  });

  it.each([
    2147483648,
    -2147483649,
    2147483647.5, // rounds to 2147483648
    1e10,
    -1e300,
    Number.MAX_VALUE,
    Infinity,
    -Infinity,
    NaN,
  ])('rejects the out-of-range number %s', (input) => {
    expect(toInt(input)).toBeUndefined();
  });

  it.each([
    '1.5',
    '2.0',
    '1e3',
    '0x10',
    '12abc',
    'abc',
    '',
    '   ',
    '1 2',
    '2147483648',
    '-2147483649',
    'true',
  ])('rejects the string %j', (input) => {
    expect(toInt(input)).toBeUndefined();
  });

  it.each(NEVER_CONVERTIBLE)('rejects %j', (input) => {
    expect(toInt(input)).toBeUndefined();
  });

  it('keeps the int32 bounds exported', () => {
    expect(INT32_MIN).toBe(-(2 ** 31));
    expect(INT32_MAX).toBe(2 ** 31 - 1);
  });
});

describe('toFloat', () => {
  it.each([
    [0, 0],
    [1, 1],
    [-1, -1],
    [2.5, 2.5],
    [3.141, 3.141],
    [8.496892, 8.496892],
    [0.1, 0.1],
    [1e30, 1e30],
    [-123.456, -123.456],
    [3.4028234663852886e38, 3.4028235e38], // largest float32 stays finite
  ])('accepts the number %s as %s', (input, expected) => {
    expect(toFloat(input)).toBe(expected);
  });

  it('stores 3.141 as exactly 3.141, not its float64 expansion', () => {
    const stored = toFloat(3.141);
    expect(stored).toBe(3.141);
    expect(JSON.stringify(stored)).toBe('3.141');
    expect(Math.fround(stored!)).toBe(Math.fround(3.141));
  });

  it('folds -0 to 0', () => {
    expect(Object.is(toFloat(-0), 0)).toBe(true);
  });

  it.each([
    [true, 1],
    [false, 0],
  ])('converts the boolean %s to %s', (input, expected) => {
    expect(toFloat(input)).toBe(expected);
  });

  it.each([
    ['2.5', 2.5],
    [' 2.5 ', 2.5],
    ['-2.5', -2.5],
    ['+2.5', 2.5],
    ['12', 12],
    ['.5', 0.5],
    ['5.', 5],
    ['1e3', 1000],
    ['1.5E-2', 0.015],
    ['3.141', 3.141],
  ])('accepts the numeric string %j as %s', (input, expected) => {
    expect(toFloat(input)).toBe(expected);
  });

  it.each([1e39, -1e39, 3.5e38, Number.MAX_VALUE, Infinity, -Infinity, NaN])(
    'rejects %s, which is not finite as float32',
    (input) => {
      expect(toFloat(input)).toBeUndefined();
    },
  );

  it.each(['1e39', 'abc', '', '   ', '1.2.3', '1,5', 'Infinity', 'NaN', '0x10', '2.5f', 'true'])(
    'rejects the string %j',
    (input) => {
      expect(toFloat(input)).toBeUndefined();
    },
  );

  it.each(NEVER_CONVERTIBLE)('rejects %j', (input) => {
    expect(toFloat(input)).toBeUndefined();
  });
});

describe('convertTo', () => {
  it('dispatches on the tag type', () => {
    expect(convertTo('Bit', 2)).toBe(true);
    expect(convertTo('Int', 2.5)).toBe(2);
    expect(convertTo('Float', 2.5)).toBe(2.5);
    expect(convertTo('Bit', 'yes')).toBeUndefined();
    expect(convertTo('Int', '1.5')).toBeUndefined();
    expect(convertTo('Float', 1e39)).toBeUndefined();
  });
});
