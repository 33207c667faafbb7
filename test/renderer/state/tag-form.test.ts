import { describe, expect, it } from 'vitest';
import type { TagDefinition } from '../../../shared/core/tag-types.js';
import {
  bitInitialChoice,
  commitBitInitial,
  commitField,
  fieldText,
  hasRange,
} from '../../../renderer/state/tag-form.js';

const counter: TagDefinition = { id: 'c', name: 'Counter', kind: 'Output', type: 'Int', address: 0 };
const level: TagDefinition = {
  id: 'l',
  name: 'Level',
  kind: 'Input',
  type: 'Float',
  address: 2,
  initial: 1.5,
  min: 0,
  max: 10,
  description: 'Tank level',
};
const sensor: TagDefinition = { id: 's', name: 'Sensor', kind: 'Input', type: 'Bit', address: 3 };

describe('the tag editor form', () => {
  it('shows every field as text, absent ones empty', () => {
    expect(
      ['name', 'kind', 'type', 'address', 'min', 'max', 'initial', 'description'].map((f) =>
        fieldText(level, f as never),
      ),
    ).toEqual(['Level', 'Input', 'Float', '2', '0', '10', '1.5', 'Tank level']);
    expect(fieldText(counter, 'min')).toBe('');
    expect(fieldText(counter, 'initial')).toBe('');
    expect(fieldText(counter, 'description')).toBe('');
  });

  it('sends nothing when the text says what the tag has', () => {
    expect(commitField(counter, 'name', 'Counter')).toEqual({ ok: true, changes: undefined });
    expect(commitField(counter, 'name', '  Counter ')).toEqual({ ok: true, changes: undefined });
    expect(commitField(counter, 'address', ' 0 ')).toEqual({ ok: true, changes: undefined });
    expect(commitField(level, 'initial', '1.50')).toEqual({ ok: true, changes: undefined });
    expect(commitField(counter, 'min', '')).toEqual({ ok: true, changes: undefined });
  });

  it('names a new name, trimmed; an empty one is refused here', () => {
    expect(commitField(counter, 'name', ' Box counter ')).toEqual({
      ok: true,
      changes: { name: 'Box counter' },
    });
    expect(commitField(counter, 'name', '   ')).toEqual({ ok: false, error: 'A tag needs a name.' });
  });

  it('takes a kind or type from the lists only', () => {
    expect(commitField(counter, 'kind', 'Input')).toEqual({ ok: true, changes: { kind: 'Input' } });
    expect(commitField(counter, 'type', 'Float')).toEqual({ ok: true, changes: { type: 'Float' } });
    expect(commitField(counter, 'kind', 'Memory').ok).toBe(false);
    expect(commitField(counter, 'type', 'Word').ok).toBe(false);
  });

  it('reads an address as a whole number and leaves its range to the host', () => {
    expect(commitField(counter, 'address', '12')).toEqual({ ok: true, changes: { address: 12 } });
    expect(commitField(counter, 'address', '600')).toEqual({ ok: true, changes: { address: 600 } });
    for (const text of ['', '-1', '1.5', 'x', '70000'])
      expect(commitField(counter, 'address', text)).toEqual({
        ok: false,
        error: 'The address is a whole number, 0 or more.',
      });
  });

  it('reads range and initial values with the tag type rules; empty clears them', () => {
    expect(commitField(counter, 'max', '100')).toEqual({ ok: true, changes: { max: 100 } });
    expect(commitField(counter, 'min', '-5')).toEqual({ ok: true, changes: { min: -5 } });
    expect(commitField(counter, 'max', '1.5')).toEqual({ ok: false, error: '1.5 is not a valid Int value.' });
    expect(commitField(level, 'max', '2.5e1')).toEqual({ ok: true, changes: { max: 25 } });
    expect(commitField(level, 'min', '')).toEqual({ ok: true, changes: { min: null } });
    expect(commitField(level, 'initial', ' ')).toEqual({ ok: true, changes: { initial: null } });
    expect(commitField(counter, 'initial', '7')).toEqual({ ok: true, changes: { initial: 7 } });
    expect(commitField(counter, 'initial', 'seven')).toEqual({
      ok: false,
      error: 'seven is not a valid Int value.',
    });
    expect(commitField(sensor, 'max', '1')).toEqual({
      ok: false,
      error: 'Only Int and Float tags have a range.',
    });
  });

  it('takes any description; an empty one removes it', () => {
    expect(commitField(level, 'description', '')).toEqual({ ok: true, changes: { description: '' } });
    expect(commitField(counter, 'description', 'Boxes')).toEqual({
      ok: true,
      changes: { description: 'Boxes' },
    });
  });

  it('has a range for Int and Float only', () => {
    expect([hasRange('Bit'), hasRange('Int'), hasRange('Float')]).toEqual([false, true, true]);
  });

  it('offers a Bit initial value as a choice: true, or the default false', () => {
    expect(bitInitialChoice(sensor)).toBe('false');
    expect(bitInitialChoice({ ...sensor, initial: false })).toBe('false');
    expect(bitInitialChoice({ ...sensor, initial: true })).toBe('true');
    expect(commitBitInitial(sensor, 'true')).toEqual({ initial: true });
    expect(commitBitInitial({ ...sensor, initial: true }, 'false')).toEqual({ initial: null });
    expect(commitBitInitial(sensor, 'false')).toBeUndefined();
  });
});
