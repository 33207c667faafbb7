import { describe, expect, it } from 'vitest';
import { failureOf, formatValue, parseEntry } from '../../../renderer/state/value-entry.js';

describe('parseEntry', () => {
  it('reads Int entries with the API conversion rules', () => {
    expect(parseEntry('Int', '42')).toEqual({ ok: true, value: 42 });
    expect(parseEntry('Int', ' -7 ')).toEqual({ ok: true, value: -7 });
    // A number is read as the JSON number a client would send: 1.5 is rounded half to even.
    expect(parseEntry('Int', '1.5')).toEqual({
      ok: true,
      value: 2,
      note: '1.5 is sent as 2: an Int is a whole number (rounded half to even, as the API does).',
    });
    expect(parseEntry('Int', '2.5')).toMatchObject({ ok: true, value: 2 });
    expect(parseEntry('Int', '-3.5')).toMatchObject({ ok: true, value: -4 });
    expect(parseEntry('Int', '1e3')).toEqual({ ok: true, value: 1000 });
    expect(parseEntry('Int', '12')).toEqual({ ok: true, value: 12 });
    expect(parseEntry('Int', '2147483648')).toEqual({
      ok: false,
      error: 'Could not convert value to the tag data type: Int.',
    });
    expect(parseEntry('Int', 'abc').ok).toBe(false);
  });

  it('reads Float entries as float32, shortest form', () => {
    expect(parseEntry('Float', '3.141')).toEqual({ ok: true, value: 3.141 });
    expect(parseEntry('Float', '1e3')).toEqual({ ok: true, value: 1000 });
    expect(parseEntry('Float', '1e39')).toEqual({
      ok: false,
      error: 'Could not convert value to the tag data type: Float.',
    });
  });

  it('reads Bit entries as true/false in any case', () => {
    expect(parseEntry('Bit', 'TRUE')).toEqual({ ok: true, value: true });
    expect(parseEntry('Bit', 'false')).toEqual({ ok: true, value: false });
    expect(parseEntry('Bit', 'on').ok).toBe(false);
  });

  it('asks for a value when the entry is empty', () => {
    expect(parseEntry('Int', '  ')).toEqual({ ok: false, error: 'Enter a value.' });
  });
});

describe('formatting', () => {
  it('writes values as the API does, and a dash when unknown', () => {
    expect(formatValue(true)).toBe('true');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(3.141)).toBe('3.141');
    expect(formatValue(undefined)).toBe('—');
  });

  it('names the failure of a tag', () => {
    expect(failureOf({ openCircuit: false, shortCircuit: false })).toBe('none');
    expect(failureOf({ openCircuit: true, shortCircuit: false })).toBe('alwaysOff');
    expect(failureOf({ openCircuit: false, shortCircuit: true })).toBe('alwaysOn');
  });
});
